//! felt's one way to its standard output and standard error outside the headless protocol:
//! every byte passes [`felt_core::text::Visible`], so a name, an id, a message or a line that
//! came from a file, a record or a plugin reaches the terminal with its control characters
//! shown (`\x1b`), never obeyed. `println!` and `eprintln!` are refused in this crate by its
//! `clippy.toml`, so a new listing or error cannot forget it.

use felt_core::text::Visible;
use std::io::Write;

/// The most characters of one error message printed: a message may quote a line of a file,
/// and a file's line may be a megabyte long.
pub const ERROR_CHARS: usize = 4000;

/// `error`'s text (its causes on one line with `{:#}`), escaped and cut to [`ERROR_CHARS`].
pub fn error_text(error: impl std::fmt::Display) -> String {
    felt_core::text::visible_within(&error.to_string(), ERROR_CHARS)
}

/// Standard output, escaping as it writes: for a listing written with `writeln!`.
pub fn stdout() -> Visible<std::io::StdoutLock<'static>> {
    Visible::new(std::io::stdout().lock())
}

/// Standard error, escaping as it writes.
pub fn stderr() -> Visible<std::io::StderrLock<'static>> {
    Visible::new(std::io::stderr().lock())
}

/// Writes one line to standard output through the sanitiser: what [`say!`](crate::say) calls.
/// A failed write is dropped, as a closed pipe ends felt anyway (SIGPIPE is left at its
/// default) and a full disk leaves nothing better to say it on.
pub fn say_line(args: std::fmt::Arguments<'_>) {
    let mut out = stdout();
    let _ = out.write_fmt(args).and_then(|()| out.write_all(b"\n"));
}

/// Writes one line to standard error through the sanitiser: what [`tell!`](crate::tell) calls.
pub fn tell_line(args: std::fmt::Arguments<'_>) {
    let mut out = stderr();
    let _ = out.write_fmt(args).and_then(|()| out.write_all(b"\n"));
}

/// `println!`, with what it prints passed through the sanitiser.
#[macro_export]
macro_rules! say {
    () => {
        $crate::out::say_line(format_args!(""))
    };
    ($($arg:tt)*) => {
        $crate::out::say_line(format_args!($($arg)*))
    };
}

/// `eprintln!`, with what it prints passed through the sanitiser.
#[macro_export]
macro_rules! tell {
    ($($arg:tt)*) => {
        $crate::out::tell_line(format_args!($($arg)*))
    };
}
