"""`python -m engine_core`: the engine's command line (host only, never on the device).

Each subcommand lives in engine_core/host/<name>_cli.py as
main(argv, stdin, stdout, stderr) -> exit status.
"""
import argparse
import importlib
import sys

from engine_core import __version__

SUBCOMMANDS = (
    ("odds", "exact battle odds: JSON spec on stdin, JSON on stdout"),
    ("battle", "run one battle step by step: JSON spec on stdin, step log and result as JSON"),
    ("game", "replay a game's actions: JSON on stdin, state summary as JSON"),
    ("verify", "verify a tournament log against its revealed seed"),
)


def main(argv=None, stdin=None, stdout=None, stderr=None):
    argv = sys.argv[1:] if argv is None else argv
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    parser = argparse.ArgumentParser(prog="python -m engine_core", description="Adjutant's rules engine")
    parser.add_argument("--version", action="version", version="adjutant engine_core " + __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, help_text in SUBCOMMANDS:
        sub.add_parser(name, help=help_text, add_help=False)
    if not argv:
        parser.print_help(stdout)
        return 0
    args, rest = parser.parse_known_args(argv[:1])
    name = args.command
    try:
        module = importlib.import_module("engine_core.host.%s_cli" % name)
    except ModuleNotFoundError as e:
        if e.name != "engine_core.host.%s_cli" % name:
            raise
        stderr.write("python -m engine_core %s: not available in this build yet\n" % name)
        return 2
    return module.main(argv[1:], stdin, stdout, stderr)


if __name__ == "__main__":
    sys.exit(main())
