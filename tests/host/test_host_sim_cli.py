"""`python -m host_sim`: interactive in a terminal (pty), one frame without one, headless scripts.

What `make demo` runs must never hang in CI (no terminal: one frame, a clear
message, exit 0) and must leave a terminal as it found it (alternate screen
left, cursor shown) on the quit key, Ctrl-C and SIGTERM. Headless runs write
PNGs at each mark and at the end, the LED frame log and the event log, and
exit 1 when the firmware raised, 2 when the script failed.
"""

import io
import os
import select
import signal
import struct
import subprocess
import sys
import time

from host_sim import terminal
from host_sim.headless import format_frame, run_script
from host_sim.script import ScriptError, parse

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PY = sys.executable


def test_not_a_terminal_renders_one_frame_and_exits_0(tmp_path):
    proc = subprocess.run([PY, "-m", "host_sim", "--flash", str(tmp_path)], cwd=REPO,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "not a terminal" in proc.stdout
    # no saved game: a new Pacific 1940 game was started through the menus (P40-G-04: Japan first,
    # P40-G-05: 26 IPC), and that is the frame shown
    assert "R1 Japan" in proc.stdout and "Treasury 26" in proc.stdout
    proc = subprocess.run([PY, "-m", "host_sim", "--flash", str(tmp_path)], cwd=REPO,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "R1 Japan" in proc.stdout  # resumed from the flash, not restarted
    proc = subprocess.run([PY, "-m", "host_sim", "--edition", "none", "--flash", str(tmp_path / "other")],
                          cwd=REPO, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "Adjutant | New game" in proc.stdout


def _pty_session(keys, tmp_path, finish=b"q", sig=None):
    import fcntl
    import pty
    import termios
    pid, fd = pty.fork()
    if pid == 0:  # the child: the simulator in a terminal 200x60
        os.chdir(REPO)
        os.execv(PY, [PY, "-m", "host_sim", "--flash", str(tmp_path)])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 60, 200, 0, 0))
    out = bytearray()

    def pump(seconds, until=None):
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    out.extend(os.read(fd, 65536))
                except OSError:
                    return
            if until is not None and until in out:
                return

    pump(60, until=b"\xe2\x96\x80")  # the first half-block: the device is on screen
    first_frame = b"\xe2\x96\x80" in out
    for k in keys:
        os.write(fd, k)
        pump(0.4)
    if sig is not None:
        os.kill(pid, sig)
    else:
        os.write(fd, finish)
    pump(10, until=b"\x1b[?1049l")
    _, status = os.waitpid(pid, 0)
    pump(0.2)
    os.close(fd)
    return first_frame, status, bytes(out)


def test_interactive_shows_the_device_and_quits_cleanly(tmp_path):
    """Half-block screen, the tower, the help line with the profile's buttons; q restores the terminal."""
    first, status, out = _pty_session([b"\x1b[B", b"\r"], tmp_path)
    assert first
    assert os.WEXITSTATUS(status) == 0
    assert out.startswith(b"\x1b[?1049h")          # alternate screen entered first
    assert out.rstrip().endswith(b"\x1b[?25h\x1b[?1049l")  # cursor back, alternate screen left
    assert b"Enter select" in out and b"q quit" in out
    assert b"\xe2\x96\x88\xe2\x96\x88" in out        # LED tower cells


def test_make_demo_in_a_terminal_starts_the_pacific_1940_game(tmp_path):
    """The interactive path (a pty, as `make demo` in a terminal) starts the game the README promises.

    The new game is saved on the device's flash as soon as it starts, so the flash tells which
    screen the terminal showed: run again without a terminal on the same flash, it resumes that game
    on Japan's first turn (P40-G-04: Japan moves first; P40-G-05: Japan starts with 26 IPC).
    """
    first, status, _ = _pty_session([], tmp_path)
    assert first and os.WEXITSTATUS(status) == 0
    assert os.listdir(os.path.join(str(tmp_path), "fs", "saves")), "no game was started"
    proc = subprocess.run([PY, "-m", "host_sim", "--flash", str(tmp_path)], cwd=REPO,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "R1 Japan" in proc.stdout and "Treasury 26" in proc.stdout


def test_interactive_ctrl_c_and_sigterm_restore_the_terminal(tmp_path):
    for finish, sig in ((b"\x03", None), (None, signal.SIGTERM)):
        first, status, out = _pty_session([], tmp_path, finish=finish, sig=sig)
        assert first
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
        assert out.rstrip().endswith(b"\x1b[?25h\x1b[?1049l")


def test_terminal_keys_map_to_logical_keys():
    assert terminal.parse_keys("\x1b[A\x1b[B\x1b[C\x1b[D\r \x7fq") == [
        "up", "down", "right", "left", "select", "roll", "back", "quit"]
    assert terminal.parse_keys("\x1b[5~p") == ["power"]  # unknown sequences are skipped whole
    assert terminal.parse_keys("\x1b") == ["back"]
    # a terminal sends no key release: dedicated keys stand for the long presses (undo is a long back)
    assert terminal.parse_keys("u\t") == ["long_back", "long_select"]
    from firmware import keys
    assert terminal.LONG_PRESS_MS > keys.LONG_MS + terminal.PRESS_MS // 2


def test_terminal_long_press_key_reaches_the_firmware_as_a_long_press():
    """The interactive loop holds the button LONG_PRESS_MS for `u`: the firmware's keys see long_back."""
    from firmware import keys
    out = []
    k = keys.Keys(None, ((0, "back"),))
    k.feed("back", True, 1000, out)
    k.held(1000 + terminal.LONG_PRESS_MS - 20, out)  # the last frame before the release
    k.feed("back", False, 1000 + terminal.LONG_PRESS_MS, out)
    assert out == ["long_back"]
    out = []
    k.feed("back", True, 5000, out)
    k.held(5000 + terminal.PRESS_MS - 20, out)
    k.feed("back", False, 5000 + terminal.PRESS_MS, out)
    assert out == ["back"]
    line = terminal.help_line(type("P", (), {"KEY_LABELS": (("back", "B"), ("select", "A"))}))
    assert "u long B (undo)" in line and "Tab long A" in line


def test_half_blocks_draw_two_pixel_rows_per_line():
    from PIL import Image
    img = Image.new("RGB", (2, 2))
    img.putpixel((0, 0), (255, 0, 0))
    img.putpixel((0, 1), (0, 0, 255))
    lines = terminal.half_blocks(img)
    assert len(lines) == 1
    assert lines[0].startswith("\x1b[38;2;255;0;0m\x1b[48;2;0;0;255m\u2580")
    assert lines[0].count("\u2580") == 2


def test_script_parsing():
    cmds = parse("press down select x2\nhold select 800\nwait 100\nshot a-1\nexpect Treasury 14\n"
                 "seek down War on X\nat 5000\ncut\ncut_after 12\n# comment\n")
    assert cmds[0][1:] == ("press", (("down", "select", "down", "select"),))
    assert cmds[1][1:] == ("hold", ("select", 800))
    assert cmds[4][1:] == ("expect", ("Treasury 14",))
    assert cmds[5][1:] == ("seek", ("down", "War on X"))
    assert [c[1] for c in cmds] == ["press", "hold", "wait", "shot", "expect", "seek", "at", "cut", "cut_after"]
    for bad in ("press jump", "hold select", "shot bad/name", "teleport 3"):
        try:
            parse(bad)
        except ScriptError:
            continue
        raise AssertionError(bad)


def test_headless_writes_shots_and_logs(tmp_path):
    out = str(tmp_path / "shots")
    status, info = run_script("pybadge", "shot home\npress down\nshot moved\n", shots_dir=out,
                              stdout=io.StringIO(), stderr=io.StringIO())
    assert status == 0
    assert sorted(n for n in os.listdir(out) if n.endswith(".png")) == ["01-home.png", "02-moved.png", "03-end.png"]
    with open(os.path.join(out, "leds.log")) as f:
        lines = [l for l in f if not l.startswith("#")]
    assert lines and lines[0].split()[1] == "NEOPIXEL" and len(lines[0].split()) == 2 + 5
    with open(os.path.join(out, "events.log")) as f:
        kinds = [l.split()[1] for l in f]
    assert "boot" in kinds and "key_down" in kinds and "shot" in kinds and "screen" in kinds
    assert format_frame((5, "D18", ((1, 2, 3), (255, 0, 16)))) == "5 D18 010203 ff0010"


def test_headless_exit_status_on_a_failed_expectation(tmp_path):
    err = io.StringIO()
    status, _ = run_script("sim", "expect There is no such text\n", shots_dir=str(tmp_path),
                           stdout=io.StringIO(), stderr=err)
    assert status == 2 and "not on screen" in err.getvalue()


def test_headless_cli_exit_status_when_the_firmware_raises(tmp_path):
    """A firmware exception -> exit 1 with the traceback (here: the emulated key scanner fails)."""
    script = tmp_path / "s.txt"
    script.write_text("press select\n")
    proc = subprocess.run([PY, "-m", "host_sim", "--board", "sim", "--script", str(script), "--shots",
                           str(tmp_path / "o"), "--fault", "keys"], cwd=REPO, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 1, (proc.returncode, proc.stderr)
    assert "firmware raised" in proc.stderr and "emulated fault: key scanner" in proc.stderr


def test_list_and_all_boards(tmp_path):
    """--list names every profile; --all-boards runs one script on each, shots in DIR/<profile>/
    at that profile's resolution."""
    proc = subprocess.run([PY, "-m", "host_sim", "--list"], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0
    assert [l.split()[0] for l in proc.stdout.splitlines()] == ["pybadge", "pico_st7789", "rpi_blinka", "sim",
                                                                 "pico_plus2_lcd"]
    script = tmp_path / "s.txt"
    script.write_text("shot home\npress down\n")
    out = tmp_path / "out"
    proc = subprocess.run([PY, "-m", "host_sim", "--all-boards", "--script", str(script), "--shots", str(out),
                           "--check-text"], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    from PIL import Image
    sizes = {"pybadge": (160, 128), "pico_st7789": (240, 135), "rpi_blinka": (320, 240), "sim": (160, 128),
             "pico_plus2_lcd": (240, 135)}
    for board, size in sizes.items():
        assert Image.open(str(out / board / "01-home.png")).size == size
        assert (out / board / "leds.log").exists() and (out / board / "events.log").exists()
