//! Golden deals: the full deal of a few game codes, pinned once. ✱ Contract 8: these must never
//! change, or every code ever shared would deal a different game.

use crate::common;

use felt_core::GameCode;

fn deal_of(code: &str) -> String {
    let catalog = common::catalog();
    let code = GameCode::parse(code).expect("a valid code");
    let (entry, rules) = catalog.resolve(&code).expect("a known code");
    let ruleset = catalog
        .build(&entry.variant.id, Some(&rules.id))
        .expect("builds");
    let state = ruleset.new_game(code.shuffle);
    ruleset
        .export_position(&state)
        .expect("Spider exports positions")
}

#[test]
fn golden_deal_sp1_s1c_aaaaaad() {
    assert_eq!(
        deal_of("SP1-S1C-AAAAAAD"),
        "\
Play0: |8S |AS |4S |TS |JS KS
Play1: |TS |7S |9S |5S |AS KS
Play2: |3S |7S |9S |JS |2S KS
Play3: |5S |6S |QS |3S |KS 4S
Play4: |2S |6S |5S |QS JS
Play5: |3S |QS |5S |4S 2S
Play6: |4S |8S |2S |6S 3S
Play7: |AS |TS |7S |3S 4S
Play8: |9S |7S |3S |9S TS
Play9: |6S |2S |7S |8S 6S
Deal0: 3S 9S 8S 8S 4S QS KS 9S AS AS
Deal1: JS JS QS KS 4S 6S 9S TS JS JS
Deal2: TS TS QS 7S KS 6S 2S 2S QS KS
Deal3: 4S JS AS 3S 5S 5S 8S AS TS 5S
Deal4: 8S 7S 8S 5S 7S AS 9S QS 6S 2S
Off:
"
    );
}

#[test]
fn golden_deal_sp1_s4c_aaaaaab() {
    assert_eq!(
        deal_of("SP1-S4C-AAAAAAB"),
        "\
Play0: |AC |8D |8C |3D |AH 5S
Play1: |3H |5D |QC |QH |8H 6S
Play2: |7D |JS |3C |9S |7H 7H
Play3: |9H |KC |8D |QD |8H 9C
Play4: |6C |TC |TH |2H AD
Play5: |9C |5S |4C |JD 2C
Play6: |9D |KD |TH |9D 2H
Play7: |2D |AH |AS |6S 5D
Play8: |JC |2C |QH |3H AS
Play9: |3D |KH |8S |5C KH
Deal0: JH 5C 7C 6H AD QC 7S 4S 7S KS
Deal1: 9S QS 7D 2D 4D JC AC 3S KC 5H
Deal2: 5H 4S 8S 6H 4C TD JH 8C 4D QS
Deal3: QD 7C TS 4H JS 6D 2S 6D 4H 3C
Deal4: TC 9H 3S JD TS KD TD KS 6C 2S
Off:
"
    );
}

#[test]
fn golden_deal_sp1_s2r_aaaazzz() {
    assert_eq!(
        deal_of("SP1-S2R-AAAAZZZ"),
        "\
Play0: |7S |8S |JS |TS |6H 5S
Play1: |2S |TH |JS |QH |8H JH
Play2: |6H |TS |QH |2H |5H KH
Play3: |7S |3H |AS |KH |JH 8S
Play4: |KS |QS |3S |JS 4S
Play5: |JS |8S |8S |3S 8H
Play6: |QH |6H |5S |3H AH
Play7: |6S |JH |4H |9S 2H
Play8: |AH |AS |8H |5H 4S
Play9: |7H |9H |KS |JH TH
Deal0: KH 2S 6S QH TH 9H 2S 3S 9H QS
Deal1: 2H 4H KS 6S 5H 7H QS TH 9S 5S
Deal2: 9H 3H 8H 7S 4S 5S 7S 6S 3S KH
Deal3: AH 2H 9S TS QS 3H 4H 4H AS 7H
Deal4: 2S 5H TS 7H AS AH 9S 6H KS 4S
Off:
"
    );
}

#[test]
fn classic_and_relaxed_deal_the_same_cards_for_the_same_shuffle() {
    // The rules letter changes how groups move, never the deal.
    assert_eq!(deal_of("SP1-S2C-AAAAZZZ"), deal_of("SP1-S2R-AAAAZZZ"));
}
