//! `felt-plugin-host LIBRARY`: runs one plugin in a process of its own for a host that uses
//! [`felt_abi::Isolation`] (felt itself runs `felt plugin-host`; this binary is for other
//! hosts and for felt-abi's own tests).

fn main() {
    let Some(library) = std::env::args_os().nth(1) else {
        eprintln!("usage: felt-plugin-host LIBRARY");
        std::process::exit(2);
    };
    std::process::exit(felt_abi::serve(std::path::Path::new(&library)));
}
