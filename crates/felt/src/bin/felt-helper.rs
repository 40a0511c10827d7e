//! `felt-helper LIBRARY`: the helper process felt runs a plugin in (felt starts it; not for
//! people). The same work as `felt plugin-host LIBRARY` ([`felt_abi::serve`]), in a binary
//! that links only felt-abi: each helper started maps and relocates a fraction of felt's
//! code, which a one-deal `felt solve` counts (docs/process-cost.md). felt uses it when it
//! lies beside felt's own executable, and `felt plugin-host` when it does not.

fn main() {
    let mut args = std::env::args_os().skip(1);
    match (args.next(), args.next()) {
        (Some(library), None) => {
            std::process::exit(felt_abi::serve(std::path::Path::new(&library)))
        }
        _ => {
            // A fixed text: nothing from outside reaches the terminal here.
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "felt-helper runs a plugin for felt, which starts it: felt-helper LIBRARY"
            );
            std::process::exit(2);
        }
    }
}
