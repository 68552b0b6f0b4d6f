"""python -m host_sim: the simulated device.

    python -m host_sim                          interactive, sim profile, resumes its saved game
    python -m host_sim --board pico_st7789      another hardware profile
    python -m host_sim --kiosk                  the store demo
    python -m host_sim --board pybadge --script FILE --shots DIR     headless
    python -m host_sim --all-boards --script FILE --shots DIR        headless on every profile
    python -m host_sim --list                   the hardware profiles

Interactive mode keeps the device's flash in host_sim/out/flash/<profile>
(so a game resumes; --fresh erases it); with no saved game it starts a new
Pacific 1940 game through the device's own menus (--edition). When stdin or stdout is not a
terminal it renders one frame, says so and exits 0 (make demo in CI).
"""

import argparse
import os
import shutil
import sys

from .runtime import HERE, Simulator, profile_names


def build_parser():
    p = argparse.ArgumentParser(prog="python -m host_sim", description="Adjutant on a simulated device")
    p.add_argument("--board", default="sim", choices=profile_names(), help="hardware profile (firmware/hardware)")
    p.add_argument("--all-boards", action="store_true", help="headless: run the script on every profile")
    p.add_argument("--script", help="headless: a script of button presses (see host_sim/script.py)")
    p.add_argument("--shots", help="headless: directory for screenshots and logs")
    p.add_argument("--flash", help="directory backing the device's flash and NVM")
    p.add_argument("--fresh", action="store_true", help="erase the flash first")
    p.add_argument("--kiosk", action="store_true", help="run the store demo (kiosk mode)")
    p.add_argument("--check-text", action="store_true", help="headless: fail if any label is cut off")
    p.add_argument("--fault", action="append", default=[], choices=("keys",),
                   help="emulate a hardware fault (keys: the key scanner raises OSError)")
    p.add_argument("--edition", default="Pacific 1940",
                   help="interactive: with no saved game, start a new game of this edition (as its menu names it; "
                        "'none': stay on the home menu)")
    p.add_argument("--fps", type=int, default=50, help="interactive: frames per second")
    p.add_argument("--list", action="store_true", help="list the hardware profiles and exit")
    return p


def main(argv=None, stdin=None, stdout=None, stderr=None):
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    args = build_parser().parse_args(argv)
    if args.list:
        from .runtime import install_paths
        install_paths()
        from firmware import hardware
        for name in profile_names():
            prof = hardware.load(name)
            stdout.write("%-12s %3dx%-3d  %2d LEDs  boards: %s\n"
                         % (name, prof.WIDTH, prof.HEIGHT, prof.LED_COUNT, ", ".join(prof.BOARD_IDS)))
        return 0
    if args.script:
        from .headless import run_script
        with open(args.script) as f:
            text = f.read()
        boards = profile_names() if args.all_boards else (args.board,)
        worst = 0
        for board in boards:
            shots = args.shots
            if shots and args.all_boards:
                shots = os.path.join(shots, board)
            flash = args.flash
            if flash and args.all_boards:
                flash = os.path.join(flash, board)
            if flash and args.fresh:
                shutil.rmtree(flash, ignore_errors=True)
            status, _ = run_script(board, text, shots_dir=shots, flash_dir=flash, kiosk=args.kiosk,
                                   check_text=args.check_text, stdout=stdout, stderr=stderr,
                                   faults=args.fault)
            worst = max(worst, status)
        return worst
    def start(sim):
        if not args.kiosk and args.edition.lower() != "none":
            from .headless import quick_start
            quick_start(sim, args.edition)

    tty = hasattr(stdin, "isatty") and stdin.isatty() and hasattr(stdout, "isatty") and stdout.isatty()
    if not tty:
        with Simulator(args.board, flash_dir=args.flash, kiosk=args.kiosk) as sim:
            sim.boot()
            sim.run(ms=100)
            start(sim)
            from .textcheck import screen_text
            text = screen_text(sim.machine.display()) if sim.machine and sim.machine.display() else []
            stdout.write("host_sim: not a terminal, so no interactive device: rendered one frame of the %s "
                         "profile (%dx%d)%s and stopped.\n"
                         % (args.board, sim.profile.WIDTH, sim.profile.HEIGHT,
                            (": " + " | ".join(text)) if text else ""))
            stdout.write("host_sim: run `make demo` in a terminal, or use --script FILE --shots DIR.\n")
            if sim.crashed:
                stderr.write(sim.crashed)
                return 1
        return 0
    flash = args.flash or os.path.join(HERE, "out", "flash", args.board + ("-kiosk" if args.kiosk else ""))
    if args.fresh:
        shutil.rmtree(flash, ignore_errors=True)
    from .terminal import interactive
    with Simulator(args.board, flash_dir=flash, kiosk=args.kiosk) as sim:
        sim.keep_led_log = False  # hours at 50 frames a second: show the LEDs, do not keep every frame
        status = interactive(sim, stdin, stdout, fps=args.fps, after_boot=start)
        if sim.crashed:
            stderr.write(sim.crashed)
    return status


if __name__ == "__main__":
    sys.exit(main())
