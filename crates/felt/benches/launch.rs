//! Time from exec to the launcher's first frame: the real `felt` binary in a pseudo-terminal,
//! timed until its output holds the launcher's title. Build the binary of the same profile
//! first (`cargo build --release -p felt` for `cargo bench`).

use criterion::{criterion_group, criterion_main, Criterion};
use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn felt_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("bench executable path");
    let profile_dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("target/<profile>");
    let felt = profile_dir.join("felt");
    assert!(
        felt.exists(),
        "build it first: cargo build --release -p felt"
    );
    felt
}

/// One launch: exec, read until the title shows, then quit with `q` and reap the process.
fn launch(felt: &PathBuf, home: &std::path::Path) -> Duration {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("a pty");
    let mut cmd = CommandBuilder::new(felt);
    cmd.env("HOME", home);
    cmd.env("XDG_CONFIG_HOME", home.join("config"));
    cmd.env("XDG_DATA_HOME", home.join("data"));
    cmd.env("LANG", "C.UTF-8");
    cmd.env("TERM", "xterm-256color");
    let mut reader = pty.master.try_clone_reader().expect("reader");
    let mut writer = pty.master.take_writer().expect("writer");
    let start = Instant::now();
    let mut child = pty.slave.spawn_command(cmd).expect("felt starts");
    let mut seen = Vec::new();
    let mut buf = [0u8; 8192];
    let elapsed = loop {
        let n = reader.read(&mut buf).expect("output");
        assert!(n > 0, "felt closed before its first frame");
        seen.extend_from_slice(&buf[..n]);
        if seen.windows(13).any(|w| w == b"choose a game") {
            break start.elapsed();
        }
    };
    writer.write_all(b"q").expect("q sent");
    child.wait().expect("felt exits");
    elapsed
}

fn exec_to_first_frame(c: &mut Criterion) {
    let felt = felt_binary();
    let home = tempfile::tempdir().expect("temp home");
    let mut group = c.benchmark_group("launch");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("exec to the launcher's first frame", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| launch(&felt, home.path())).sum())
    });
    group.finish();
}

criterion_group!(benches, exec_to_first_frame);
criterion_main!(benches);
