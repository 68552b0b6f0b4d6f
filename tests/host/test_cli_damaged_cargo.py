"""The command line's battle and odds with ships damaged before the battle and cargo aboard
(issue 16, items 15 and 17): the text form's --attacker-damaged / --defender-damaged /
--attacker-cargo / --defender-cargo, the JSON specs' options.*_damaged / *_cargo (battle) and
"damaged" / "cargo" (odds); expectations worked by hand from the rulebooks."""
import io
import json

from engine_core.__main__ import main as cli_main

P40 = ("--sea", "--edition", "Pacific 1940")
EPS = 1e-12


def run(argv, text=""):
    out, err = io.StringIO(), io.StringIO()
    code = cli_main(list(argv), io.StringIO(text), out, err)
    return code, out.getvalue(), err.getvalue()


def refused(argv, text=""):
    """The refusal's message: exit 2, nothing on stdout (the commands change nothing)."""
    code, out, err = run(argv, text)
    assert code == 2 and out == "", (argv, code, out, err)
    return err


# ----- battle

def test_battle_damaged_carrier_sinks_with_its_planes():
    """P40-U-55: "If a damaged carrier is attacked, the aircraft aboard are cargo: they can't
    defend and are lost with the carrier"; P40-C-85: one more hit sinks it. A destroyer (attack
    2) rolls 2: the damaged carrier sinks; its own die (defense 2) is a 6. Lost: the carrier (16)
    and both fighters (2 x 10) = 36 IPCs; the destroyer is untouched."""
    code, out, err = run(["battle", "1 dd vs 1 cv"] + list(P40) +
                         ["--defender-damaged", "1 carrier", "--defender-cargo", "2 ftr", "--dice", "2,6"])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[:2] == ["Before the battle:",
                         "  defender: 1 aircraft carrier damaged; cargo 2 fighter (lost with its ship)"]
    assert "  attacker attack: rolls 2 at 2 ... hits 1" in lines
    assert "Result: attacker won after 1 round" in lines
    assert "  defender: lost 1 aircraft carrier, 2 fighter; left nothing; IPC lost 36" in lines
    assert lines[-1] == "  cargo left aboard: attacker nothing; defender nothing"


def test_battle_text_json_is_the_spec_json():
    """P40-U-55: the text form's --json is exactly what the JSON spec with
    options.defender_damaged / defender_cargo gives; the output echoes the start."""
    code, text_json, err = run(["battle", "1 dd vs 1 cv"] + list(P40) +
                               ["--defender-damaged", "1 cv", "--defender-cargo", "2 fighters",
                                "--dice", "2,6", "--json"])
    assert code == 0, err
    spec = {"edition": "pacific_1940", "kind": "sea", "attacker": {"destroyer": 1},
            "defender": {"aircraft_carrier": 1}, "dice": [2, 6],
            "options": {"defender_damaged": {"cv": 1}, "defender_cargo": {"fighter": 2}}}
    code, spec_json, err = run(["battle"], json.dumps(spec))
    assert code == 0 and spec_json == text_json, err
    d = json.loads(spec_json)
    assert d["start"] == {"damaged": {"attacker": {}, "defender": {"aircraft_carrier": 1}},
                          "cargo": {"attacker": {}, "defender": {"fighter": 2}}}
    assert d["result"]["lost"]["defender"] == {"aircraft_carrier": 1, "fighter": 2}
    assert d["result"]["ipc_lost"] == {"attacker": 0, "defender": 36}
    assert d["dice_left"] == 0


def test_battle_damaged_battleship_one_more_hit():
    """P40-U-50: the first hit "only damages the ship ... A second hit destroys it. Damage
    stays until repaired at an operative friendly naval base": a battleship damaged earlier
    enters with one hit left. 1 cruiser (attack 3) rolls 3 and sinks it; the battleship's 4
    (defense 4) sinks the cruiser: both destroyed. Undamaged, the same hit only damages it."""
    code, out, err = run(["battle", "1 ca vs 1 bb"] + list(P40) + ["--defender-damaged", "1 bb",
                                                                    "--dice", "3,4", "--json"])
    assert code == 0, err
    r = json.loads(out)["result"]
    assert r["lost"] == {"attacker": {"cruiser": 1}, "defender": {"battleship": 1}}
    assert r["outcome"] == "both_destroyed"
    code, out, err = run(["battle", "1 ca vs 1 bb"] + list(P40) + ["--dice", "3,4", "--json"])
    r = json.loads(out)["result"]
    assert r["damaged"]["defender"] == {"battleship": 1} and r["lost"]["defender"] == {}
    code, out, err = run(["battle", "1 ca vs 1 bb"] + list(P40) + ["--dice", "3,4"])
    assert "  defender: lost nothing; left 1 battleship (damaged: 1 battleship); IPC lost 0" in out


def test_battle_land_units_aboard_a_transport():
    """CL-U-70: "if the transport is hit, the land units aboard are lost, too!". Classic
    submarine (attack 2) against a transport (defense 1) with 2 infantry aboard: a 2 sinks it
    with both infantry (8 + 2 x 3 = 14 IPCs); a 3 then the transport's 1 sinks the sub instead
    and the infantry stay aboard."""
    base = ["battle", "1 sub vs 1 trn", "--sea", "--edition", "classic", "--defender-cargo", "2 inf"]
    code, out, err = run(base + ["--dice", "2"])
    assert code == 0, err
    assert "  defender: lost 2 infantry, 1 transport; left nothing; IPC lost 14" in out
    code, out, err = run(base + ["--dice", "3,1", "--json"])
    assert code == 0, err
    r = json.loads(out)["result"]
    assert r["outcome"] == "defender_won" and r["cargo"]["defender"] == {"infantry": 2}
    assert r["survivors"]["defender"] == {"transport": 1} and r["ipc_lost"]["defender"] == 0


def test_battle_refusals_name_the_rule():
    """LHTR-U-50: LHTR repairs battleships after every combat, so none enters a battle damaged;
    P40-U-55: planes of a damaged carrier cannot defend; P40-U-58 / CL-U-71: 2 land units a
    transport (Classic: 1-2 infantry or one other); P40-U-54: 2 planes a carrier; cargo rides
    only in a sea battle; a bad unit names the option. Exit 2, nothing printed."""
    lhtr = ["battle", "1 dd vs 1 bb", "--sea", "--edition", "revised_lhtr", "--dice", "1"]
    assert "LHTR-U-50" in refused(lhtr + ["--defender-damaged", "1 bb"])
    assert "P40-U-55" in refused(["battle", "1 dd vs 1 cv 2 ftr"] + list(P40) +
                                 ["--defender-damaged", "1 cv", "--dice", "1"])
    assert "P40-U-58" in refused(["battle", "1 dd vs 1 trn"] + list(P40) +
                                 ["--defender-cargo", "3 inf", "--dice", "1"])
    assert "CL-U-71" in refused(["battle", "1 sub vs 1 trn", "--sea", "--edition", "classic",
                                 "--defender-cargo", "1 inf, 1 tank", "--dice", "1"])
    assert "P40-U-54" in refused(["battle", "1 dd 1 cv vs 1 sub"] + list(P40) +
                                 ["--attacker-cargo", "3 ftr", "--dice", "1"])
    assert "sea battle" in refused(["battle", "1 inf vs 1 inf", "--edition", "Pacific 1940",
                                    "--defender-cargo", "1 inf", "--dice", "1"])
    assert "--defender-cargo: no unit 'zork'" in refused(["battle", "1 dd vs 1 cv"] + list(P40) +
                                                         ["--defender-cargo", "1 zork", "--dice", "1"])
    assert "without 'vs'" in refused(["battle", "1 dd vs 1 cv"] + list(P40) +
                                     ["--defender-damaged", "1 cv vs 1 bb", "--dice", "1"])
    assert "--defender-cargo is for the text form" in refused(
        ["battle", "--defender-cargo", "2 inf"], json.dumps({"edition": "classic", "kind": "sea",
                                                             "attacker": {"sub": 1}, "defender": {}}))


# ----- odds

def test_odds_damaged_carrier_with_cargo():
    """P40-U-55, P40-C-85: the same battle's odds. Each round the destroyer hits with 1/3 and
    the carrier with 1/3: both 1/9, destroyer only 2/9, carrier only 2/9, neither 4/9; so the
    attacker wins 2/5, the defender 2/5, both lost 1/5. The fighters survive only with the
    carrier: 2 x 2/5 = 4/5; the defender loses 36 x 3/5 = 108/5 IPCs, the attacker 8 x 3/5."""
    code, out, err = run(["odds", "1 dd vs 1 cv"] + list(P40) +
                         ["--defender-damaged", "1 cv", "--defender-cargo", "2 ftr", "--json"])
    assert code == 0, err
    d = json.loads(out)
    assert abs(d["attacker_wins"] - 2.0 / 5) < EPS and abs(d["defender_wins"] - 2.0 / 5) < EPS
    assert abs(d["draw"] - 1.0 / 5) < EPS
    assert abs(d["defender_cargo"]["fighter"] - 4.0 / 5) < EPS
    assert abs(d["defender_ipc_lost"] - 108.0 / 5) < EPS
    assert abs(d["ipc_swing"] - (108.0 - 24.0) / 5) < EPS
    spec = {"edition": "Pacific 1940", "kind": "sea", "attacker": {"dd": 1},
            "defender": {"carrier": 1}, "damaged": {"defender": {"carrier": 1}},
            "cargo": {"defender": {"fighter": 2}}}
    code, spec_out, err = run(["odds"], json.dumps(spec))
    assert code == 0 and spec_out == out, err
    code, out, err = run(["odds", "1 dd vs 1 cv"] + list(P40) +
                         ["--defender-damaged", "1 cv", "--defender-cargo", "2 ftr"])
    assert code == 0, err
    assert "  defender: 1 aircraft carrier damaged; cargo 2 fighter (lost with its ship)" in out
    assert "attacker wins           40.0%" in out
    assert "defender cargo left on average: 0.80 fighter" in out


def test_odds_land_units_aboard():
    """CL-U-70: a Classic submarine (attack 2, 1/3) against a transport (defense 1, 1/6) with 2
    infantry aboard. The sub fires first and its hit is removed before the transport fires
    (no draw): the sub wins 1/3 / (1 - 2/3 x 5/6) = 3/4, the transport 1/4; the infantry are
    left 2 x 1/4 = 1/2 on average; the defender loses (8 + 6) x 3/4 = 21/2 IPCs."""
    code, out, err = run(["odds", "1 sub vs 1 trn", "--sea", "--edition", "classic",
                          "--defender-cargo", "2 inf", "--json"])
    assert code == 0, err
    d = json.loads(out)
    assert abs(d["attacker_wins"] - 0.75) < EPS and d["draw"] == 0
    assert abs(d["defender_cargo"]["infantry"] - 0.5) < EPS
    assert abs(d["defender_ipc_lost"] - 10.5) < EPS and abs(d["attacker_ipc_lost"] - 2.0) < EPS


def test_odds_live_damage_stays_legal_between_rounds():
    """LHTR-U-50: a battleship damaged in round 1 of this battle stays damaged until the
    combat ends, so live odds (rounds_done 1) take it, while rounds_done 0 (entering damaged)
    is refused. LHTR destroyer (attack 3, 1/2) against the damaged battleship (defense 4, 2/3),
    fire simultaneous: attacker only 1/6, defender only 1/3, both 1/3, neither 1/6: attacker
    wins 1/5, defender 2/5, draw 2/5."""
    spec = {"edition": "revised_lhtr", "kind": "sea", "attacker": {"destroyer": 1},
            "defender": {"battleship": 1}, "damaged": {"defender": {"battleship": 1}}}
    assert "LHTR-U-50" in refused(["odds"], json.dumps(spec))
    spec["rounds_done"] = 1
    code, out, err = run(["odds"], json.dumps(spec))
    assert code == 0, err
    d = json.loads(out)
    assert abs(d["attacker_wins"] - 0.2) < EPS and abs(d["draw"] - 0.4) < EPS


def test_odds_refusals_name_the_rule():
    """P40-U-55, P40-U-58, CL-U-71, P40-U-54 as in the battle; cargo and entering damage use the
    exact method; unknown fields of "cargo" are named. Exit 2, nothing printed."""
    assert "P40-U-55" in refused(["odds", "1 dd vs 1 cv 2 ftr"] + list(P40) +
                                 ["--defender-damaged", "1 cv"])
    assert "P40-U-58" in refused(["odds", "1 dd vs 1 trn"] + list(P40) + ["--defender-cargo", "3 inf"])
    assert "CL-U-71" in refused(["odds", "1 sub vs 1 trn", "--sea", "--edition", "classic",
                                 "--defender-cargo", "1 inf 1 tank"])
    assert "P40-U-54" in refused(["odds", "1 dd 1 cv vs 1 sub"] + list(P40) +
                                 ["--attacker-cargo", "3 ftr"])
    assert "exact method" in refused(["odds", "1 dd vs 1 trn"] + list(P40) +
                                     ["--defender-cargo", "2 inf", "--monte-carlo"])
    assert "sea battle" in refused(["odds", "1 inf vs 1 inf", "--edition", "Pacific 1940",
                                    "--defender-damaged", "1 inf"])
    spec = {"edition": "classic", "kind": "sea", "attacker": {"sub": 1}, "defender": {"trn": 1},
            "cargo": {"defender": {"inf": 2}, "zzz": 1}}
    assert "cargo: unknown field 'zzz'" in refused(["odds"], json.dumps(spec))
    spec["cargo"] = {"defender": {"inf": 2.5}}
    assert "cargo.defender.inf" in refused(["odds"], json.dumps(spec))


def test_help_shows_the_new_options():
    """The --help of both commands shows an example with damage and cargo."""
    for cmd in ("odds", "battle"):
        code, out, err = run([cmd, "--help"])
        assert code == 0
        for word in ("--defender-damaged", "--attacker-cargo", '--defender-cargo "2 inf"'):
            assert word in out, (cmd, word)


def test_aa_gun_aboard_a_sunk_transport_is_lost():
    """CL-A-18: "AA guns are never destroyed" clashes with "cargo is lost" when a transport
    sinks; the ruling: "an AA gun aboard a sunk transport is lost". CL-U-71: a transport
    carries 1 AA gun. The Classic submarine's 2 sinks the transport: 8 + 5 = 13 IPCs lost."""
    code, out, err = run(["battle", "1 sub vs 1 trn", "--sea", "--edition", "classic",
                          "--defender-cargo", "1 aa", "--dice", "2"])
    assert code == 0, err
    assert "  defender: lost 1 antiaircraft gun, 1 transport; left nothing; IPC lost 13" in out
    code, out, err = run(["odds", "1 sub vs 1 trn", "--sea", "--edition", "classic",
                          "--defender-cargo", "1 aa", "--json"])
    assert code == 0, err
    d = json.loads(out)     # the gun survives with the transport only: 1/4 (as above)
    assert abs(d["defender_cargo"]["antiaircraft_gun"] - 0.25) < EPS
    assert abs(d["defender_ipc_lost"] - 13 * 0.75) < EPS
