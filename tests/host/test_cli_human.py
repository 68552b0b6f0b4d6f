"""The command line's human form (issue 17): a battle typed as text, the odds summary, the
battle transcript, names players use, the device's edition names, refusals that say what to type."""
import io
import json

from engine_core.__main__ import main as cli_main


def run(argv, text=""):
    out, err = io.StringIO(), io.StringIO()
    code = cli_main(list(argv), io.StringIO(text), out, err)
    return code, out.getvalue(), err.getvalue()


def test_odds_summary_one_against_one():
    """CL-C-12..15: 1 infantry attacking 1 infantry in Classic: the attacker hits on a 1 (1/6),
    the defender on 1-2 (1/3); a round ends the battle unless both miss (5/6 * 2/3 = 5/9):
    attacker alone 1/6 * 2/3 / (4/9) = 1/4, defender alone 5/6 * 1/3 / (4/9) = 5/8, both 1/8."""
    code, out, err = run(["odds", "1 inf vs 1 inf", "--edition", "Classic 2nd ed."])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Classic 2nd ed., land battle: 1 infantry  vs  1 infantry  (exact)")
    assert "attacker wins           25.0%" in out
    assert "defender wins           62.5%" in out
    assert "draw (no side wins)     12.5%" in out
    # expected rounds 1 / (4/9) = 2.25
    assert "expected rounds        2.25" in out


def test_text_form_json_is_the_spec_json():
    """CL-C-12..15: --json of the text form is exactly the JSON a spec gives (scripts)."""
    code, text_json, err = run(["odds", "2 Tanks vs 2 INF", "--edition", "classic", "--json"])
    assert code == 0, err
    spec = {"edition": "classic", "kind": "land", "attacker": {"armor": 2}, "defender": {"infantry": 2}}
    code, spec_json, err = run(["odds"], json.dumps(spec))
    assert code == 0 and text_json == spec_json


def test_options_of_the_text_form():
    """CL-C-21 (retreat after round 1: 1 inf v 1 inf retreats 5/9 of the time, both missing);
    P40-C-74 (a sea battle); refusals name the option."""
    code, out, err = run(["odds", "1 inf vs 1 inf", "--edition", "classic", "--retreat-after", "1",
                          "--json"])
    assert code == 0 and abs(json.loads(out)["attacker_retreats"] - 5.0 / 9) < 1e-12
    code, out, err = run(["odds", "1 dd vs 1 sub", "--edition", "Pacific 1940", "--sea"])
    assert code == 0 and "sea battle: 1 destroyer  vs  1 submarine" in out
    code, out, err = run(["odds", "1 inf vs 1 inf", "--retreat-after", "2.5"])
    assert code == 2 and "--retreat-after" in err
    code, out, err = run(["odds", "1 inf vs 1 inf", "--edition", "pacfic"])
    assert code == 2 and "valid:" in err and "Pacific 1940" in err
    code, out, err = run(["odds", "--sea"], json.dumps({"edition": "classic", "attacker": {"infantry": 1},
                                                        "defender": {"infantry": 1}}))
    assert code == 2 and "--sea is for the text form" in err


def test_typo_gets_did_you_mean():
    """CL-U-01..10: a unit Classic does not have, or a typo, is refused with the valid names."""
    code, out, err = run(["odds", "2 infantyr vs 1 inf", "--edition", "classic"])
    assert code == 2 and out == ""
    assert "did you mean 'infantry'?" in err and "valid: infantry, armor" in err
    code, out, err = run(["odds", "1 art vs 1 inf", "--edition", "classic"])
    assert code == 2 and "no unit 'art' in classic" in err


def test_empty_sides():
    """CL-C-12: no attacker is no battle (refused); no defender: a warning, the attacker walks in."""
    code, out, err = run(["odds", "nothing vs 2 inf"])
    assert code == 2 and "attacker: no units" in err
    code, out, err = run(["odds", "2 inf vs nothing"])
    assert code == 0 and out.startswith("warning: the defender has no units")
    code, out, err = run(["odds"], json.dumps({"edition": "classic", "attacker": {"infantry": 1},
                                               "defender": {}}))
    assert code == 0 and "warning" in err and json.loads(out)["attacker_wins"] == 1.0


def test_battle_transcript_of_classic_action_3():
    """CL-C-12 CL-C-13: the Classic Action 3 battle typed as text with the table's dice: round 1
    the infantry misses (4 at 1), the tank hits (2 at 3), the defenders miss (4,5 at 2); round 2
    the infantry hits (1 at 1): the last defender is gone and the tank's die is not needed; the
    defender's armor hits back (2 at 2) before removal, taking the attacking infantry."""
    code, out, err = run(["battle", "1 inf 1 tank vs 1 inf 1 arm", "--edition", "classic",
                          "--dice", "4,2,4,5,1,2"])
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == "Round 1:"
    assert lines[1] == "  attacker attack: rolls 4 at 1; 2 at 3 ... hits 1"
    assert lines[2] == "    defender loses 1 infantry"
    assert lines[3] == "  defender defend: rolls 4,5 at 2 ... hits 0"
    assert "Result: attacker won after 2 rounds, territory captured" in lines
    assert "  attacker: lost 1 infantry; left 1 armor; IPC lost 3" in lines


def test_retreat_answer_any_case():
    """CL-C-21: "Retreat" (any case) is the retreat answer; a space the attacker did not come
    from is refused by the rule; an answer of the wrong shape names the answer."""
    spec = {"edition": "classic", "kind": "land", "attacker": {"infantry": 2}, "defender": {"infantry": 2},
            "dice": [6, 6, 6, 6], "answers": ["Retreat"], "options": {"retreat": ["Karelia"]}}
    code, out, err = run(["battle"], json.dumps(spec))
    assert code == 0, err
    assert json.loads(out)["result"]["outcome"] == "retreat"
    spec["answers"] = ["KARELIA"]
    code, out, err = run(["battle"], json.dumps(spec))
    assert code == 0 and json.loads(out)["result"]["retreated"] == {"infantry": 2}
    spec["answers"] = ["Berlin"]
    code, out, err = run(["battle"], json.dumps(spec))
    assert code == 2 and "CL-C-21" in err
    spec["answers"] = [2.5]
    code, out, err = run(["battle"], json.dumps(spec))
    assert code == 2 and "answers[0]" in err


def test_help_has_examples():
    """Every command's --help starts with a runnable example of its input."""
    for cmd in ("odds", "battle", "game", "verify"):
        code, out, err = run([cmd, "--help"])
        assert code == 0 and "python -m engine_core %s " % cmd in out
    code, out, err = run([])
    assert code == 0 and "odds" in out and "verify" in out


def test_transcript_of_a_lone_aa_gun():
    """LHTR-C-21: "AA guns in the target territory" fire at each attacking air unit, hitting on
    a 1, and a lone AA gun fires too (issue 16, item 1). Its 1 downs the fighter (10 IPCs); the
    transcript lists the roll and the loss (it ended in a TypeError when the AA step's
    casualty came before its hits), and the odds say 1/6 of such attacks end with no winner."""
    code, out, err = run(["battle", "1 ftr vs 1 aa", "--edition", "revised_lhtr", "--dice", "1"])
    assert code == 0 and "Traceback" not in err, err
    lines = out.splitlines()
    assert "  defender aa: rolls 1 at 1" in lines
    assert "    attacker loses 1 fighter" in lines
    assert "  attacker: lost 1 fighter; left nothing; IPC lost 10" in lines
    code, out, err = run(["odds", "1 ftr vs 1 aa", "--edition", "revised_lhtr"])
    assert code == 0 and "draw (no side wins)     16.7%" in out and "attacker wins           83.3%" in out
