//! The real terminal: raw mode, the alternate screen and mouse capture, restored on every way
//! out: a normal quit, an error (a guard's `Drop`), a panic (a hook), SIGTERM, SIGHUP or
//! SIGINT (a flag the event loop checks), and a terminal that hung up (a watchdog thread).

use crate::app::{App, Flow};
use crossterm::event::{
    self, DisableFocusChange, DisableMouseCapture, EnableFocusChange, EnableMouseCapture,
};
use crossterm::terminal::{self, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{cursor, execute};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};

/// How often the loop wakes to look at the signal flag when no input comes.
const TICK: Duration = Duration::from_millis(100);

/// Puts the terminal back as it was. Safe to call more than once.
pub fn restore() {
    let _ = terminal::disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        DisableFocusChange,
        LeaveAlternateScreen,
        cursor::Show
    );
}

/// Restores the terminal when dropped, whatever way the scope is left.
struct Guard;

impl Drop for Guard {
    fn drop(&mut self) {
        restore();
    }
}

fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            // The message must land on the normal screen, after the terminal is back.
            restore();
            previous(info);
        }));
    });
}

/// Runs `app` in the terminal until it quits or a signal asks it to.
pub fn run_app(mut app: App) -> anyhow::Result<()> {
    let stop = Arc::new(AtomicBool::new(false));
    for signal in [
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
        signal_hook::consts::SIGINT,
    ] {
        signal_hook::flag::register(signal, Arc::clone(&stop))?;
    }
    install_panic_hook();
    terminal::enable_raw_mode()?;
    let _guard = Guard;
    let done = Arc::new(AtomicBool::new(false));
    let _watch = Watch(Arc::clone(&done));
    watchdog(Arc::clone(&stop), done);
    execute!(
        io::stdout(),
        EnterAlternateScreen,
        EnableMouseCapture,
        // Focus reports stop the game clock while the terminal is in the background.
        EnableFocusChange,
        cursor::Hide
    )?;
    let mut term = Terminal::new(CrosstermBackend::new(io::stdout()))?;
    term.clear()?;
    let mut dirty = true;
    while !stop.load(Ordering::Relaxed) {
        if dirty {
            term.draw(|frame| {
                let area = frame.area();
                app.draw(frame.buffer_mut(), area);
            })?;
        }
        if !event::poll(TICK)? {
            dirty = app.tick_at(Instant::now());
            continue;
        }
        let ev = event::read()?;
        dirty = true;
        if let event::Event::Resize(..) = ev {
            term.autoresize()?;
        }
        if app.handle(&ev, Instant::now()) == Flow::Quit {
            break;
        }
        if let Some(text) = app.take_clipboard() {
            copy_osc52(&text)?;
        }
    }
    app.close();
    Ok(())
}

/// Tells the watchdog the loop has ended, whatever way it was left.
struct Watch(Arc<AtomicBool>);

impl Drop for Watch {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Ends the process when a signal asked it to stop or the terminal hung up and the event loop
/// cannot notice. On a dead terminal crossterm's reader retries forever inside `poll`, burning
/// a core and never returning to look at the signal flag (crossterm issue #793), so a felt
/// left in a closed window would never end. Every game step is already in the store, so
/// leaving here loses nothing that a quit would keep.
fn watchdog(stop: Arc<AtomicBool>, done: Arc<AtomicBool>) {
    // Asked once, now: a terminal that has hung up no longer answers as one.
    // SAFETY: `isatty` takes a plain descriptor number.
    let tty = unsafe { libc::isatty(libc::STDIN_FILENO) } == 1;
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(250));
        if done.load(Ordering::Relaxed) {
            return;
        }
        if stop.load(Ordering::Relaxed) || (tty && terminal_hung_up()) {
            // The loop leaves by itself within a tick when its input still works.
            std::thread::sleep(TICK * 5);
            if done.load(Ordering::Relaxed) {
                return;
            }
            restore();
            std::process::exit(129);
        }
    });
}

/// True when standard input, a terminal at start, has hung up (its window or session is gone).
fn terminal_hung_up() -> bool {
    // SAFETY: `poll` gets one valid `pollfd` that lives across the call; a zero timeout never
    // blocks. Asking for no events still reports hang-up and error conditions, and reads
    // nothing, so no keypress is taken.
    unsafe {
        let mut fd = libc::pollfd {
            fd: libc::STDIN_FILENO,
            events: 0,
            revents: 0,
        };
        libc::poll(&mut fd, 1, 0) > 0
            && fd.revents & (libc::POLLHUP | libc::POLLERR | libc::POLLNVAL) != 0
    }
}

/// Asks the terminal to put `text` on the clipboard (OSC 52); terminals without it ignore it.
fn copy_osc52(text: &str) -> io::Result<()> {
    let mut out = io::stdout();
    write!(out, "\x1b]52;c;{}\x07", base64(text.as_bytes()))?;
    out.flush()
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn base64_matches_rfc_4648_examples() {
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(super::base64(plain.as_bytes()), coded);
        }
    }
}
