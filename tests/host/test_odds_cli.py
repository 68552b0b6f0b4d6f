"""`python -m engine_core odds`: JSON spec on stdin, JSON on stdout, errors exit 2 (issue 6)."""
import io
import json
import os
import subprocess
import sys

from engine_core.host import odds_cli

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT_KEYS = ("attacker_wins", "defender_wins", "draw", "attacker_captures", "expected_rounds",
            "attacker_survivors", "defender_survivors", "attacker_ipc_lost", "defender_ipc_lost",
            "method")


def call(spec):
    out = io.StringIO()
    err = io.StringIO()
    text = spec if isinstance(spec, str) else json.dumps(spec)
    code = odds_cli.main([], io.StringIO(text), out, err)
    return code, out.getvalue(), err.getvalue()


def test_issue_example_pacific():
    """P40-U-30, P40-U-36, P40-C-100: the issue's example spec; every listed output key."""
    code, out, err = call({"edition": "pacific_1940", "kind": "land",
                           "attacker": {"infantry": 3, "artillery": 1, "tank": 2, "fighter": 1},
                           "defender": {"infantry": 4, "aaa": 1}})
    assert code == 0, err
    r = json.loads(out)
    for k in OUT_KEYS:
        assert k in r
    assert r["method"] == "exact"
    assert abs(r["attacker_wins"] + r["defender_wins"] + r["draw"] + r["attacker_retreats"] - 1) < 1e-9
    assert set(r["attacker_survivors"]) == {"infantry", "artillery", "tank", "fighter"}
    assert r["attacker_remaining"][0]["probability"] >= r["attacker_remaining"][-1]["probability"]


def test_one_against_one_numbers():
    """CL-C-12..15: the CLI prints the engine's numbers (1/4, 5/8, 1/8)."""
    code, out, _ = call({"edition": "classic", "kind": "land", "attacker": {"infantry": 1},
                         "defender": {"infantry": 1}})
    r = json.loads(out)
    assert code == 0
    assert abs(r["attacker_wins"] - 0.25) < 1e-12 and abs(r["defender_wins"] - 0.625) < 1e-12


def test_aliases():
    """P40-U-04, P40-U-03, P40-U-07, P40-U-10: tank/armor, mech, tac and carrier are accepted."""
    code, out, err = call({"edition": "pacific_1940", "kind": "land",
                           "attacker": {"armor": 1, "mech": 1, "tac": 1}, "defender": {"infantry": 2}})
    assert code == 0, err
    code, out, err = call({"edition": "pacific_1940", "kind": "sea",
                           "attacker": {"destroyer": 1}, "defender": {"carrier": 1}})
    assert code == 0, err
    code, out, err = call({"edition": "classic", "kind": "land",
                           "attacker": {"tank": 2}, "defender": {"infantry": 2}})
    assert code == 0, err


def test_errors_exit_2():
    """CL-U-01..80 (Classic has no artillery or mech), malformed specs: message on stderr,
    exit status 2, nothing on stdout."""
    bad = [
        {"edition": "classic", "kind": "land", "attacker": {"mech": 1}, "defender": {"infantry": 1}},
        {"edition": "classic", "kind": "land", "attacker": {"artillery": 1}, "defender": {"infantry": 1}},
        {"edition": "classic", "kind": "land", "attacker": {"infantry": -2}, "defender": {"infantry": 1}},
        {"edition": "classic", "kind": "land", "attacker": {"infantry": 1.5}, "defender": {"infantry": 1}},
        {"edition": "klassik", "kind": "land", "attacker": {"infantry": 1}, "defender": {"infantry": 1}},
        {"edition": "classic", "kind": "air", "attacker": {"infantry": 1}, "defender": {"infantry": 1}},
        {"edition": "classic", "kind": "land", "attacker": {"infantry": 1}},
        {"edition": "classic", "kind": "land", "attacker": [1], "defender": {"infantry": 1}},
        {"edition": "classic", "kind": "land", "attacker": {"infantry": 1}, "defender": {"infantry": 1},
         "colour": "red"},
        {"edition": "pacific_1940", "kind": "sea", "attacker": {"infantry": 1}, "defender": {"destroyer": 1}},
        "{not json",
        "[]",
    ]
    for spec in bad:
        code, out, err = call(spec)
        assert code == 2, spec
        assert out == "" and err.startswith("odds: "), (spec, err)


def test_monte_carlo_method():
    """CL-C-12..16: method monte_carlo runs the battle engine; seeded runs repeat exactly."""
    spec = {"edition": "classic", "kind": "land", "attacker": {"infantry": 2}, "defender": {"infantry": 1},
            "method": "monte_carlo", "runs": 300, "seed": 5}
    code, out, err = call(spec)
    assert code == 0, err
    r = json.loads(out)
    assert r["method"] == "monte_carlo" and r["runs"] == 300
    assert abs(r["attacker_wins"] - 157.0 / 232) < 5 * r["attacker_wins_se"] + 1e-9
    assert call(spec)[1] == out


def test_policy_tech_bombard_live():
    """LHTR-C-23, LHTR-T-11, P40-C-95, P40-U-50: optional keys pass through."""
    code, out, err = call({"edition": "revised_lhtr", "kind": "amphibious", "attacker": {"infantry": 1},
                           "defender": {"infantry": 1}, "bombard": {"battleship": 1}})
    assert code == 0 and abs(json.loads(out)["attacker_wins"] - 0.75) < 1e-12
    code, out, err = call({"edition": "revised_lhtr", "kind": "land", "attacker": {"bomber": 1},
                           "defender": {"infantry": 1}, "tech": ["heavy_bombers"]})
    assert code == 0 and abs(json.loads(out)["attacker_wins"] - 16.0 / 25) < 1e-12
    code, out, err = call({"edition": "classic", "kind": "land", "attacker": {"infantry": 1},
                           "defender": {"infantry": 1}, "policy": {"retreat_after_round": 1}})
    assert code == 0 and abs(json.loads(out)["attacker_retreats"] - 20.0 / 36) < 1e-12
    code, out, err = call({"edition": "pacific_1940", "kind": "sea", "attacker": {"submarine": 1},
                           "defender": {"battleship": 1}, "damaged": {"defender": {"battleship": 1}},
                           "rounds_done": 1})
    assert code == 0 and abs(json.loads(out)["attacker_wins"] - 3.0 / 7) < 1e-12


def test_module_entry_point():
    """python -m engine_core odds, as a player's host would call it."""
    spec = json.dumps({"edition": "revised", "kind": "land", "attacker": {"infantry": 1},
                       "defender": {"infantry": 1}})
    p = subprocess.run([sys.executable, "-m", "engine_core", "odds"], input=spec, cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert abs(json.loads(p.stdout)["attacker_wins"] - 0.25) < 1e-12
    p = subprocess.run([sys.executable, "-m", "engine_core", "odds"], input="{}", cwd=ROOT,
                       capture_output=True, text=True)
    assert p.returncode == 2 and p.stderr


def test_national_advantages():
    """LHTR-O-44 (infantry on an island defend at 3: 1 infantry attacking wins 1/7, exact and
    Monte Carlo), LHTR-O-02 (advantages only in Revised / LHTR: exit 2 naming the rule)."""
    spec = {"edition": "revised_lhtr", "kind": "land", "attacker": {"infantry": 1},
            "defender": {"infantry": 1}, "advantages": {"defender": ["dug_in"]}, "space": ["island"]}
    code, out, err = call(spec)
    assert code == 0, err
    assert abs(json.loads(out)["attacker_wins"] - 1 / 7) < 1e-12
    spec.update(method="monte_carlo", runs=20000, seed=3)
    code, out, err = call(spec)
    r = json.loads(out)
    assert abs(r["attacker_wins"] - 1 / 7) < 4 * r["attacker_wins_se"]
    for bad in ({"edition": "pacific_1940", "advantages": {"attacker": ["banzai"]}},
                {"edition": "revised_lhtr", "advantages": ["banzai"]},
                {"edition": "revised_lhtr", "advantages": {"attacker": ["banzai"]}, "space": "island"}):
        spec = {"kind": "land", "attacker": {"infantry": 1}, "defender": {"infantry": 1}}
        spec.update(bad)
        code, out, err = call(spec)
        assert code == 2 and out == "", bad
    assert "LHTR-O-02" in call({"edition": "pacific_1940", "kind": "land", "attacker": {"infantry": 1},
                                "defender": {"infantry": 1},
                                "advantages": {"attacker": ["banzai"]}})[2]
