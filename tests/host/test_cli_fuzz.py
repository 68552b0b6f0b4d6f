"""Hostile input at every command of `python -m engine_core` (issue 17): exit status 0 or 2
(verify: 0, 1 or 2), never a traceback, every run bounded. The commands run in-process through
engine_core.__main__.main(argv, stdin, stdout, stderr); a handful of real processes check the
terminal, Ctrl-C and a closed pipe. No rule is at stake here (INPUT): the message of a refusal
names the field, which the targeted tests check.
"""
import gc
import io
import json
import os
import signal
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine_core.__main__ import main as cli_main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HANG = 30           # seconds: a run still going after this is a hang (SIGALRM), not a slow run

WORDS = ("land", "sea", "amphibious", "classic", "revised_lhtr", "Pacific 1940", "infantry",
         "inf", "tank", "armor", "fighter", "bb", "sub", "transport", "Retreat", "press",
         "default", "retreat", "hits", "dice", "lost", "damaged", "attacker", "defender", "zzz",
         "exact", "monte_carlo", "heavy_bombers", "island", "Karelia", "India", "Japan")
SCALARS = (st.none() | st.booleans() | st.integers(-3, 8) | st.sampled_from(
    (10 ** 8, 10 ** 30, -10 ** 9, 2 ** 31, 401)) | st.floats(allow_nan=False, allow_infinity=False,
                                                              width=32) | st.sampled_from(WORDS)
    | st.text(max_size=6))
VALUES = st.recursive(SCALARS, lambda c: st.lists(c, max_size=4) | st.dictionaries(
    st.sampled_from(WORDS) | st.text(max_size=4), c, max_size=3), max_leaves=8)

ODDS = {"edition": "classic", "kind": "land", "attacker": {"infantry": 2, "armor": 1},
        "defender": {"infantry": 2}}
ODDS_PATHS = (("edition",), ("kind",), ("attacker",), ("defender",), ("bombard",), ("policy",),
              ("tech",), ("method",), ("runs",), ("seed",), ("damaged",), ("rounds_done",),
              ("max_outcomes",), ("advantages",), ("space",), ("zzz",), ("attacker", "infantry"),
              ("attacker", "tank"), ("defender", "zzz"), ("policy", "keep_land"),
              ("policy", "retreat_after_round"), ("policy", "attacker_order"),
              ("policy", "retreat_below"), ("policy", "retreat_at_units"), ("policy", "submerge"),
              ("policy", "zzz"), ("tech", "attacker"), ("damaged", "defender"),
              ("advantages", "attacker"), ("cargo",), ("cargo", "defender"), ("damaged", "attacker"))
# a sea battle with a damaged carrier and cargo on both sides (issue 16, items 15 and 17)
ODDS_SEA = {"edition": "pacific_1940", "kind": "sea",
            "attacker": {"destroyer": 1, "aircraft_carrier": 1, "transport": 1},
            "defender": {"aircraft_carrier": 1, "battleship": 1, "transport": 1},
            "damaged": {"defender": {"aircraft_carrier": 1}},
            "cargo": {"attacker": {"fighter": 2, "infantry": 1, "tank": 1},
                      "defender": {"fighter": 2, "infantry": 2}}}
ODDS_SEA_PATHS = (("kind",), ("cargo",), ("damaged",), ("rounds_done",), ("method",),
                  ("cargo", "attacker"), ("cargo", "defender"), ("cargo", "zzz"),
                  ("cargo", "attacker", "fighter"), ("cargo", "attacker", "tank"),
                  ("cargo", "defender", "infantry"), ("cargo", "defender", "zzz"),
                  ("damaged", "defender"), ("damaged", "attacker"),
                  ("damaged", "defender", "aircraft_carrier"), ("damaged", "defender", "battleship"),
                  ("defender", "fighter"), ("attacker", "aircraft_carrier"), ("defender", "transport"))
BATTLE = {"edition": "revised", "kind": "land", "attacker": {"infantry": 2, "armor": 1},
          "defender": {"infantry": 2, "fighter": 1}, "seed": 3}
BATTLE_PATHS = (("edition",), ("kind",), ("attacker",), ("defender",), ("dice",), ("seed",),
                ("answers",), ("options",), ("zzz",), ("attacker", "infantry"),
                ("defender", "fighter"), ("answers", 0), ("answers", 1), ("dice", 0),
                ("options", "retreat"), ("options", "seaborne"), ("options", "bombard"),
                ("options", "attacker_tech"), ("options", "attacker_na"), ("options", "air_bases"),
                ("options", "kamikaze"), ("options", "paratroopers"), ("options", "sub_withdraw"),
                ("options", "zzz"), ("options", "attacker_cargo"), ("options", "defender_damaged"))
BATTLE_SEA = {"edition": "pacific_1940", "kind": "sea",
              "attacker": {"destroyer": 1, "aircraft_carrier": 1, "transport": 1},
              "defender": {"aircraft_carrier": 1, "battleship": 1, "transport": 1}, "seed": 5,
              "options": {"defender_damaged": {"aircraft_carrier": 1},
                          "attacker_cargo": {"fighter": 2, "infantry": 1, "tank": 1},
                          "defender_cargo": {"fighter": 2, "infantry": 2}}}
BATTLE_SEA_PATHS = (("kind",), ("edition",), ("options",), ("answers", 0), ("answers", 1),
                    ("options", "attacker_cargo"), ("options", "defender_cargo"),
                    ("options", "attacker_damaged"), ("options", "defender_damaged"),
                    ("options", "attacker_cargo", "fighter"), ("options", "attacker_cargo", "tank"),
                    ("options", "defender_cargo", "infantry"), ("options", "defender_cargo", "zzz"),
                    ("options", "defender_damaged", "aircraft_carrier"),
                    ("options", "defender_damaged", "battleship"), ("defender", "fighter"),
                    ("attacker", "aircraft_carrier"), ("defender", "transport"))
GAME = {"edition": "pacific_1940", "actions": [{"type": "end_phase"}, {"type": "end_phase"}]}
GAME_PATHS = (("edition",), ("actions",), ("seed",), ("options",), ("zzz",), ("actions", 0),
              ("actions", 1), ("options", "rd"), ("options", "vc_level"),
              ("options", "national_advantages"), ("options", "p40_us_dow_window"),
              ("options", "bid"))
ACTION_TYPES = ("purchase", "place", "repair", "upgrade", "capture", "battle", "violate_neutral",
                "declare_war", "research", "end_phase", "collect_income", "answer", "bombing",
                "enter", "advantage", "rocket")


def _alarm(signum, frame):
    raise AssertionError("a run took longer than %d s: unbounded work" % HANG)


def run(argv, text):
    """(status, stdout, stderr) of one in-process run; any exception fails the test.
    gc.collect (the device's RAM hygiene in Game.new) is skipped: in this process's large heap
    it costs most of a run's time and changes no result."""
    out, err = io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, _alarm)
    collect = gc.collect
    gc.collect = _no_collect
    signal.alarm(HANG)
    try:
        code = cli_main(list(argv), io.StringIO(text), out, err)
    finally:
        signal.alarm(0)
        gc.collect = collect
        signal.signal(signal.SIGALRM, old)
    return code, out.getvalue(), err.getvalue()


def _no_collect(*args):
    return 0


def _set(spec, path, value):
    spec = json.loads(json.dumps(spec))
    node = spec
    for k in path[:-1]:
        if isinstance(node, dict):
            if not isinstance(node.get(k), (dict, list)):
                node[k] = {} if not isinstance(path[len(path) - 1], int) else [None, None]
            node = node[k]
        elif isinstance(node, list) and isinstance(k, int) and k < len(node):
            node = node[k]
        else:
            return spec
    last = path[-1]
    if isinstance(node, dict):
        node[last] = value
    elif isinstance(node, list) and isinstance(last, int):
        while len(node) <= last:
            node.append(None)
        node[last] = value
    return spec


def _check(cmd, argv, text, statuses=(0, 2)):
    code, out, err = run([cmd] + list(argv), text)
    assert code in statuses, (cmd, text[:300], code, err[-500:])
    assert "Traceback" not in err and "Traceback" not in out, (cmd, text[:300], err[-800:])
    if code == 2:
        assert err.strip(), (cmd, text[:300])      # a refusal always says why
    return code, out, err


FUZZ = settings(max_examples=1500, deadline=None, derandomize=True, database=None,
                suppress_health_check=list(HealthCheck))


@FUZZ
@given(st.sampled_from(ODDS_PATHS), VALUES)
def test_odds_hostile_fields(path, value):
    """INPUT: odds refuses a hostile field with exit 2 and a message, never a traceback."""
    _check("odds", [], json.dumps(_set(ODDS, path, value)))


@FUZZ
@given(st.sampled_from(BATTLE_PATHS), VALUES)
def test_battle_hostile_fields(path, value):
    """INPUT: battle, the same (answers of every shape to every question)."""
    _check("battle", [], json.dumps(_set(BATTLE, path, value)))


SEA_FUZZ = settings(max_examples=600, deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck))


@SEA_FUZZ
@given(st.sampled_from(ODDS_SEA_PATHS), VALUES)
def test_odds_sea_cargo_hostile_fields(path, value):
    """INPUT: odds of a sea battle with damage and cargo: any field hostile, exit 0 or 2."""
    _check("odds", [], json.dumps(_set(ODDS_SEA, path, value)))


@SEA_FUZZ
@given(st.sampled_from(BATTLE_SEA_PATHS), VALUES)
def test_battle_sea_cargo_hostile_fields(path, value):
    """INPUT: the same sea battle step by step: damage and cargo of every shape."""
    _check("battle", [], json.dumps(_set(BATTLE_SEA, path, value)))


@FUZZ
@given(st.sampled_from(GAME_PATHS), VALUES, st.sampled_from(ACTION_TYPES),
       st.sampled_from(("units", "territory", "count", "dice", "target", "result", "by", "value",
                        "name", "power", "damage", "attack", "convoy", "answers", "facility")))
def test_game_hostile_fields(path, value, action, field):
    """INPUT: game: hostile top-level fields, and actions of every type with a hostile field."""
    _check("game", [], json.dumps(_set(GAME, path, value)))
    spec = {"edition": "pacific_1940", "actions": [{"type": action, field: value}]}
    _check("game", [], json.dumps(spec))


@settings(max_examples=400, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.sampled_from(("odds", "battle", "game", "verify", "raid")),
       st.text(max_size=60) | VALUES.map(json.dumps),
       st.lists(st.sampled_from(("--json", "--summary", "--transcript", "--edition", "zzz", "-",
                                 "--seed", "1.5", "--runs", "--keep-land", "-5", "--dice",
                                 "3 inf vs 2 inf", "--no-luck", "--sea", "--amphibious",
                                 "--compact", "--save-size", "1 bb vs 1 zz", "--defender-cargo",
                                 "--attacker-damaged", "2 inf", "1 cv")), max_size=3))
def test_any_text_any_arguments(cmd, text, argv):
    """INPUT: any text on stdin, any arguments: 0, 1 (verify: not verified) or 2, no traceback."""
    _check(cmd, argv, text, (0, 1, 2) if cmd == "verify" else (0, 2))


def test_reproductions():
    """INPUT: the review's hostile inputs that ended in a traceback or were coerced: each is
    refused with exit 2 and a message naming its field."""
    deep = "[" * 100000 + "]" * 100000
    cases = [
        ("odds", ODDS, "policy", {"attacker_order": True}),
        ("odds", ODDS, "policy", {"retreat_after_round": 10 ** 8}),
        ("odds", ODDS, "attacker", {"infantry": 200, "artillery": 0, "armor": 200}),
        ("odds", ODDS, "zzz", 1),
        ("odds", ODDS, "seed", 1.5),
        ("odds", ODDS, "kind", None),
        ("odds", ODDS, "kind", 5),
        ("battle", BATTLE, "edition", None),
        ("battle", BATTLE, "dice", True),
        ("battle", BATTLE, "seed", ""),
        ("battle", BATTLE, "seed", 1.5),
        ("battle", BATTLE, "attacker", {"infantry": 10 ** 8}),
        ("battle", BATTLE, "attacker", {"infantry": 2.9}),
        ("battle", BATTLE, "attacker", {"infantry": "3"}),
        ("battle", BATTLE, "attacker", {"infantry": True}),
        ("battle", BATTLE, "options", {"zzz": 1}),
        ("battle", BATTLE, "options", {"air_bases": "x"}),
        ("game", GAME, "actions", True),
        ("game", GAME, "actions", {"a": 1}),
        ("game", GAME, "options", {"bid": -5}),
        ("game", GAME, "seed", 1.5),
        ("game", GAME, "edition", 5),
    ]
    for cmd, base, key, value in cases:
        spec = dict(base)
        spec[key] = value
        code, out, err = _check(cmd, [], json.dumps(spec))
        assert code == 2 and out == "", (cmd, key, value, err)
        assert key in err or "units" in err, (cmd, key, err)
    for cmd in ("odds", "battle", "game"):
        code, out, err = _check(cmd, [], deep)
        assert code == 2 and "nested" in err, (cmd, err)
    _check("verify", ["-"], deep, (1, 2))
    # a log whose battle entry has 10**8 infantry: refused before any replay (bounded work)
    start = {"kind": "land", "attacker": {"infantry": 10 ** 8}, "defender": {"infantry": 1},
             "attacker_power": 0, "defender_power": 1, "territory": 3, "options": {}}
    log = "ADJUTANT-LOG|2|classic|%s|%s\n1|game|{}|x\n2|battle|start %s|y\nSEED|1|z\n" % (
        "0" * 64, "0" * 64, json.dumps(start))
    code, out, err = _check("verify", ["-"], log)
    assert code == 2 and "line 3" in err and "at most 400 a side" in err, err


def test_help_documents_every_field():
    """INPUT: each command's --help names every field of its input and shows an example."""
    from engine_core.host import battle_cli, game_cli, odds_cli
    for cmd, names in (("odds", odds_cli.KEYS + odds_cli.POLICY_KEYS),
                       ("battle", battle_cli.SPEC_KEYS + battle_cli.OPTIONS),
                       ("game", game_cli.SPEC_KEYS + game_cli.OPTIONS + game_cli.ACTION_TYPES)):
        code, out, err = run([cmd, "--help"], "")
        assert code == 0 and err == ""
        for name in names:
            assert name in out, (cmd, name)
        assert "python -m engine_core %s " % cmd in out and "Bounds" in out
    code, out, err = run(["verify", "--help"], "")
    assert code == 0 and "SEED|" in out and "--json" in out


def _proc(args, **kw):
    return subprocess.Popen([sys.executable, "-m", "engine_core"] + args, cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def test_bare_terminal_gets_usage():
    """INPUT: no file and stdin a terminal: the usage and exit 2, not a silent wait."""
    import pty
    for cmd in ("odds", "battle", "game", "verify"):
        master, slave = pty.openpty()
        try:
            p = _proc([cmd], stdin=slave)
            out, err = p.communicate(timeout=60)
        finally:
            os.close(slave)
            os.close(master)
        assert p.returncode == 2, (cmd, err)
        assert b"usage:" in err and b"no input" in err and b"Traceback" not in err


def test_ctrl_c_and_closed_pipe_are_quiet():
    """INPUT: Ctrl-C while a command waits for stdin ends with 130, no traceback; a reader that
    closes the pipe early (| head) ends it with 0, no traceback."""
    import time
    p = _proc(["battle"], stdin=subprocess.PIPE)
    time.sleep(1.5)           # let it start and block on stdin (not a timed assertion)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and b"Traceback" not in err, err
    spec = json.dumps({"edition": "revised", "kind": "land", "attacker": {"infantry": 300},
                       "defender": {"infantry": 300}, "seed": 1})
    sh = subprocess.run("%s -m engine_core battle | head -c 100 > /dev/null; echo ${PIPESTATUS[0]}"
                        % sys.executable, shell=True, executable="/bin/bash", cwd=ROOT, input=spec,
                        capture_output=True, text=True, timeout=120)
    assert sh.stdout.strip() == "0" and "Traceback" not in sh.stderr, sh.stderr
