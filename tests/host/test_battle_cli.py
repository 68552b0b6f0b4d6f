"""`python -m engine_core battle`: JSON spec on stdin, step log and result as JSON."""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _run(spec, *args):
    p = subprocess.run([sys.executable, "-m", "engine_core", "battle"] + list(args),
                       input=spec if isinstance(spec, str) else json.dumps(spec),
                       capture_output=True, text=True, cwd=ROOT)
    return p.returncode, p.stdout, p.stderr


def test_cli_replays_a_disputed_battle():
    """CL-C-12 CL-C-13: the Classic Action 3 battle through the command line, with the dice given."""
    spec = {"edition": "classic", "kind": "land", "attacker": {"infantry": 1, "tank": 1},
            "defender": {"infantry": 1, "armor": 1}, "dice": [4, 2, 4, 5, 1, 2],
            "answers": ["infantry", "press", "infantry"]}
    code, out, err = _run(spec)
    assert code == 0, err
    d = json.loads(out)
    assert d["result"]["outcome"] == "attacker_won" and d["result"]["captured"] is True
    assert d["result"]["survivors"]["attacker"] == {"armor": 1}
    kinds = [e["event"] for e in d["log"]]
    assert kinds.count("roll") == 5 and kinds[-1] == "result"
    assert [p["prompt"] for p in d["prompts"]] == ["casualties", "retreat", "casualties"]
    assert d["prompts"][0]["default"] == {"lost": {"infantry": 1}, "damaged": {}}


def test_cli_seeded_dice_are_reproducible():
    """P40-C-70: the same seed gives the same battle, step by step."""
    spec = {"edition": "pacific_1940", "kind": "sea", "attacker": {"submarine": 3, "destroyer": 1},
            "defender": {"submarine": 2, "transport": 2}, "seed": 42}
    a = _run(spec, "--compact")
    b = _run(spec, "--compact")
    assert a[0] == 0 and a[1] == b[1]


def test_cli_refuses_bad_specs_and_illegal_answers():
    """P40-C-84 CL-C-21: an illegal answer is refused with the rule id and exit status 2."""
    code, out, err = _run("not json")
    assert code == 2 and "not JSON" in err
    code, out, err = _run({"edition": "classic", "kind": "land", "attacker": {"zeppelin": 1},
                           "defender": {"infantry": 1}, "dice": [1]})
    assert code == 2 and "zeppelin" in err
    spec = {"edition": "classic", "kind": "land", "attacker": {"infantry": 2}, "defender": {"infantry": 2},
            "dice": [6, 6, 6, 6], "answers": ["Berlin"], "options": {"retreat": ["Karelia"]}}
    code, out, err = _run(spec)
    assert code == 2 and "CL-C-21" in err
    code, out, err = _run({"edition": "classic", "kind": "land", "attacker": {"infantry": 2},
                           "defender": {"infantry": 2}})
    assert code == 2 and "dice needed" in err


def test_cli_kamikaze_national_advantage():
    """LHTR-O-41 LHTR-A-28: a JSON spec with Japan's Kamikaze advantage; Japan names the
    fighter's target in the answers; its 4 sinks the transport in opening fire, so no other
    die is rolled, and the kamikaze is lost after the cycle."""
    spec = {"edition": "revised_lhtr", "kind": "sea", "attacker": {"fighter": 1, "destroyer": 1},
            "defender": {"transport": 1}, "dice": [4],
            "options": {"attacker_na": ["kamikaze"]}, "answers": [[["fighter", "transport"]]]}
    code, out, err = _run(spec)
    assert code == 0, err
    d = json.loads(out)
    assert d["prompts"][0]["prompt"] == "kamikaze" and d["prompts"][0]["options"] == ["fighter"]
    assert d["result"]["outcome"] == "attacker_won"
    assert d["result"]["lost"] == {"attacker": {"fighter": 1}, "defender": {"transport": 1}}
    assert d["dice_left"] == 0


def test_cli_panzerblitz_reported():
    """LHTR-O-22: the result names the tanks that may move 1 in NCM after a one-cycle win."""
    spec = {"edition": "revised_lhtr", "kind": "land", "attacker": {"armor": 1},
            "defender": {"infantry": 1}, "dice": [3, 6],
            "options": {"attacker_na": ["panzerblitz"]}}
    code, out, err = _run(spec)
    assert code == 0, err
    assert json.loads(out)["result"]["panzerblitz"] == 1
