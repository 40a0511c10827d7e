//! One full frame of a mid-game four-suit table at 80×24: the app drawing into a buffer, and
//! the same through ratatui's terminal (diffing included) on a test backend.

use criterion::{criterion_group, criterion_main, Criterion};
use felt_core::{Catalog, Origin, Session};
use felt_tui::{App, Start, Theme};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::Terminal;
use std::hint::black_box;

fn catalog() -> Catalog {
    let mut catalog = Catalog::new();
    catalog.add_ruleset(felt_spider::factory());
    let classic = include_str!("../../../config/scoring/classic.toml");
    catalog
        .add_scoring(Origin::BuiltIn("classic.toml".into()), "classic", classic)
        .expect("scoring loads");
    let four = include_str!("../../../config/variants/spider-4suit.toml");
    catalog
        .add_variant(Origin::BuiltIn("spider-4suit.toml".into()), four)
        .expect("variant loads");
    catalog
}

/// A four-suit deal after 60 actions picked by a fixed generator: long mixed columns, some
/// deals made.
fn mid_game() -> App {
    let catalog = catalog();
    let ruleset = catalog.build("spider-4suit", None).expect("builds");
    let code = catalog
        .code_for("spider-4suit", None, 12_345)
        .expect("code");
    let mut session = Session::new(ruleset, code, 100);
    let mut seed = 7u64;
    for _ in 0..60 {
        let legal = session.legal_actions();
        if legal.is_empty() {
            break;
        }
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let action = legal[(seed >> 33) as usize % legal.len()].clone();
        session.act(&action).expect("a legal action plays");
    }
    let start = Start::Session {
        session,
        undo_depth: 100,
        position: None,
    };
    App::new(catalog, Theme::default(), None, Some(start), 1).expect("app")
}

fn frame(c: &mut Criterion) {
    let mut app = mid_game();
    let area = Rect::new(0, 0, 80, 24);
    let mut buf = Buffer::empty(area);
    c.bench_function("draw a mid-game 4-suit table into a buffer, 80x24", |b| {
        b.iter(|| {
            buf.reset();
            app.draw(&mut buf, area);
            black_box(&buf);
        })
    });
    let mut term = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    c.bench_function(
        "terminal.draw of the same table (diff + backend), 80x24",
        |b| {
            b.iter(|| {
                term.draw(|f| {
                    let area = f.area();
                    app.draw(f.buffer_mut(), area);
                })
                .expect("draws");
            })
        },
    );
}

criterion_group!(benches, frame);
criterion_main!(benches);
