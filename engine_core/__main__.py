"""`python -m engine_core`: the engine's command line (host only, never on the device).

Each subcommand lives in engine_core/host/<name>_cli.py as
main(argv, stdin, stdout, stderr) -> exit status (0; 1 verify: not verified; 2 bad input;
130 Ctrl-C). `python -m engine_core COMMAND --help` documents each command's whole input.
"""
import importlib
import sys

from engine_core import __version__

SUBCOMMANDS = (
    ("odds", "exact battle odds: '3 inf 2 art vs 4 inf 1 aaa' or a JSON spec; a summary or JSON"),
    ("battle", "run one battle step by step: text or a JSON spec; a transcript or JSON"),
    ("game", "replay a game's actions: JSON; the state summary as JSON"),
    ("verify", "verify a tournament log against its revealed seed"),
    ("raid", "replay one bombing raid from a JSON spec; the result as JSON"),
)


def main(argv=None, stdin=None, stdout=None, stderr=None):
    argv = sys.argv[1:] if argv is None else argv
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    from engine_core.host import cli_common as cc

    def go():
        parser = cc.Parser(stdout, prog="python -m engine_core", description="Adjutant's rules engine",
                           epilog="python -m engine_core COMMAND --help: the command's whole input")
        parser.add_argument("--version", action="version", version="adjutant engine_core " + __version__)
        sub = parser.add_subparsers(dest="command", metavar="COMMAND")
        for name, help_text in SUBCOMMANDS:
            sub.add_parser(name, help=help_text, add_help=False)
        if not argv:
            parser.print_help()
            return cc.EXIT_OK
        args, rest = parser.parse_known_args(argv[:1])
        name = args.command
        try:
            module = importlib.import_module("engine_core.host.%s_cli" % name)
        except ModuleNotFoundError as e:
            if e.name != "engine_core.host.%s_cli" % name:
                raise
            stderr.write("python -m engine_core %s: not available in this build yet\n" % name)
            return cc.EXIT_USAGE
        return module.main(argv[1:], stdin, stdout, stderr)
    return cc.run_guarded("python -m engine_core", go, stdout, stderr)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:          # Ctrl-C before the command's own handler is in place
        sys.exit(130)
