# gate heap: 216K (smallest heap that passes: 192K on the unix port, 2026-11-28, after the allied
# technologies grew the odds; 208K on 2026-11-29, after the defending side's strikers and the
# assault's sea options grew the modules the odds import; +8K headroom: the collector scans the
# C stack conservatively)
# Exact battle odds (engine_core/odds/exact.py), checked against values worked by hand.
#
# Notation in the comments: a round is "A hits / D hits"; with a fixed order of loss each
# battle is a small Markov chain, solved by the first-step recurrence
#   P(state) = sum over outcomes of p(outcome) * P(next)  /  (1 - p(no change)).
from engine_core.odds.exact import odds
from engine_core.odds.random_battles import battles
from engine_core.errors import RuleError, InputError
from engine_core.numfmt import percent

# The hand-worked values are exact fractions; the engine solves a battle in the interpreter's
# float: double on a PC, single precision on every CircuitPython board (float32, 24-bit
# mantissa), where a solved battle agrees with its fraction to about 1e-6 (tools/cpgate.py runs
# this file on the CircuitPython port). close(x, y) says: x is the fraction y in single
# precision, and a probability is shown to the player exactly as the fraction would be (tenths
# of a percent, numfmt.percent, on the battle screens). That the engine's own arithmetic is
# exact is checked on the host: every test here runs again with number=Fraction and demands
# equality (tests/host/test_odds_fractions.py; more recurrences in tests/host/test_odds_exact.py).
EPS = 1e-5


def close(x, y, eps=EPS):
    if abs(x - y) >= eps:
        return False
    return not (0 <= y <= 1) or percent(x) == percent(y)


def outcome(r):
    return (r["attacker_wins"], r["defender_wins"], r["draw"])


def test_one_infantry_each():
    """CL-C-12, CL-C-13, CL-C-15: 1 infantry (attack 1) against 1 infantry (defense 2).
    One round: both hit 1/6*2/6 = 2/36, attacker only 1/6*4/6 = 4/36, defender only
    5/6*2/6 = 10/36, nothing 20/36. Dividing by 16/36: 1/4, 5/8, 1/8; rounds 36/16."""
    r = odds("classic", "land", {"infantry": 1}, {"infantry": 1})
    a, d, x = outcome(r)
    assert close(a, 0.25) and close(d, 0.625) and close(x, 0.125)
    assert close(r["expected_rounds"], 2.25)
    assert close(r["attacker_survivors"]["infantry"], 0.25)
    assert close(r["attacker_ipc_lost"], 3 * 0.75)
    assert close(r["attacker_captures"], 0.25)  # CL-C-16
    assert r["method"] == "exact"


def test_two_infantry_against_one():
    """CL-C-12..15: 2 infantry against 1. From (2,1): A scores >= 1 hit with 11/36, D 1/3.
    A hit: win (33/108 with or without a loss); A miss, D hit: (1,1) 25/108; stay 50/108.
    P = (33/108 + 25/108 * 1/4) / (58/108) = 157/232."""
    r = odds("classic", "land", {"infantry": 2}, {"infantry": 1})
    assert close(r["attacker_wins"], 157.0 / 232)


def test_ten_infantry_each_classic():
    """CL-C-12..16 (issue 6 acceptance): 10 infantry against 10 infantry, Classic values:
    about 5.29% / 94.52% / 0.19%."""
    r = odds("classic", "land", {"infantry": 10}, {"infantry": 10})
    a, d, x = outcome(r)
    assert int(a * 10000 + 0.5) == 529
    assert int(d * 10000 + 0.5) == 9452
    assert int(x * 10000 + 0.5) == 19
    assert close(a + d + x, 1.0)


def test_artillery_support():
    """LHTR-U-02: infantry + artillery (both at 2) against 1 infantry (2). A >= 1 hit 5/9,
    D 1/3; the infantry is lost first (cheaper); artillery alone vs infantry wins 2/5.
    P = (15/27 + 4/27 * 2/5) / (19/27) = 83/95."""
    r = odds("revised_lhtr", "land", {"infantry": 1, "artillery": 1}, {"infantry": 1})
    assert close(r["attacker_wins"], 83.0 / 95)


def test_aa_gun_before_the_first_round():
    """CL-C-11, CL-C-16: AA fires one die at the fighter (hit on 1), then fighter (3) vs
    infantry (2): win 1/2, lose 1/4, draw 1/4. So win 5/6*1/2 = 5/12, lose 1/6 + 5/24 = 3/8,
    draw 5/24; a fighter never captures."""
    r = odds("classic", "land", {"fighter": 1}, {"infantry": 1, "antiaircraft_gun": 1})
    a, d, x = outcome(r)
    assert close(a, 5.0 / 12) and close(d, 3.0 / 8) and close(x, 5.0 / 24)
    assert close(r["attacker_captures"], 0.0)


def test_two_hit_battleship():
    """LHTR-U-50: battleship (4, two hits) attacks a destroyer (3). Damaged: win 2/5,
    draw 2/5, lose 1/5. Fresh: A hit (2/3) wins; A miss & D hit 1/6 -> damaged; stay 1/6.
    Win 22/25, lose 1/25, draw 2/25."""
    r = odds("revised_lhtr", "sea", {"battleship": 1}, {"destroyer": 1})
    a, d, x = outcome(r)
    assert close(a, 22.0 / 25) and close(d, 1.0 / 25) and close(x, 2.0 / 25)


def test_classic_sub_first_shot():
    """CL-C-31, CL-C-32: the attacking sub fires first (2) and its victim never fires back;
    the transport defends at 1. Win (1/3) / (1 - 2/3*5/6) = 3/4, lose 1/4, no draw."""
    r = odds("classic", "sea", {"submarine": 1}, {"transport": 1})
    a, d, x = outcome(r)
    assert close(a, 0.75) and close(d, 0.25) and close(x, 0.0)


def test_1940_surprise_strike_and_destroyer():
    """P40-C-76: a sub's surprise strike (2) removes the cruiser before it fires:
    win (1/3)/(2/3) = 1/2. P40-U-53: a destroyer cancels it; sub (2) vs destroyer (2)
    fire together: win 2/5, draw 1/5, lose 2/5."""
    r = odds("pacific_1940", "sea", {"submarine": 1}, {"cruiser": 1})
    assert close(r["attacker_wins"], 0.5) and close(r["draw"], 0.0)
    r = odds("pacific_1940", "sea", {"submarine": 1}, {"destroyer": 1})
    a, d, x = outcome(r)
    assert close(a, 0.4) and close(d, 0.4) and close(x, 0.2)


def test_capital_ship_and_live_odds():
    """P40-U-50, P40-C-85: a sub against a battleship (4, two hits). Damaged: win
    (1/3)/(1 - 2/3*1/3) = 3/7. Fresh: 1/9 to damaged, 6/9 lost, 2/9 stay: win 3/49.
    Live odds after a round come from the survivors (damaged battleship)."""
    r = odds("pacific_1940", "sea", {"submarine": 1}, {"battleship": 1})
    assert close(r["attacker_wins"], 3.0 / 49)
    r = odds("pacific_1940", "sea", {"submarine": 1}, {"battleship": 1},
             damaged={"defender": {"battleship": 1}}, rounds_done=1)
    assert close(r["attacker_wins"], 3.0 / 7)


def test_bomber_against_a_battleship_shown_as_the_fraction():
    """P40-U-08, P40-U-09, P40-U-21, P40-U-50: a strategic bomber (attacks at 4) against a battleship (defends at 4,
    two hits). A round: bomber alone hits 2/9, battleship alone 2/9, both 4/9, none 1/9. Fresh:
    the bomber damages it and lives with (2/9)/(8/9) = 1/4; damaged: it wins with 1/4 and both die
    with (4/9)/(8/9) = 1/2. Win 1/16, draw 1/8, lose 13/16: 6.25% and 81.25% are halves of a tenth,
    shown '6.3%' and '81.3%' also in single precision (close() compares the shown figures)."""
    r = odds("pacific_1940", "sea", {"strategic_bomber": 1}, {"battleship": 1})
    a, d, x = outcome(r)
    assert close(a, 1.0 / 16) and close(d, 13.0 / 16) and close(x, 1.0 / 8)
    assert percent(a) == "6.3%" and percent(d) == "81.3%"


def test_air_cannot_hit_subs_without_destroyer():
    """P40-U-43, P40-U-52 (f, g), P40-C-93: a fighter and a sub cannot hurt each other:
    the battle ends at once as a draw, nobody lost."""
    r = odds("pacific_1940", "sea", {"fighter": 1}, {"submarine": 1})
    assert close(r["draw"], 1.0) and close(r["expected_rounds"], 0.0)
    assert close(r["defender_ipc_lost"], 0.0)


def test_super_subs_lhtr():
    """LHTR-T-09, LHTR-U-80: aircraft cannot hit super submarines without a destroyer."""
    r = odds("revised_lhtr", "sea", {"fighter": 1}, {"submarine": 1},
             tech={"defender": ["super_submarines"]})
    assert close(r["draw"], 1.0)


def test_defenseless_transports():
    """P40-C-91, P40-U-58: a lone transport is destroyed without a roll."""
    r = odds("pacific_1940", "sea", {"destroyer": 1}, {"transport": 2})
    assert close(r["attacker_wins"], 1.0) and close(r["expected_rounds"], 0.0)
    assert close(r["defender_ipc_lost"], 14.0)


def test_aaa_alone_is_no_battle():
    """P40-C-53, P40-C-100: a territory with only AAA has no battle; air cannot capture."""
    r = odds("pacific_1940", "land", {"fighter": 2}, {"aaa": 1})
    assert close(r["attacker_wins"], 1.0) and close(r["attacker_captures"], 0.0)
    assert close(r["attacker_survivors"]["fighter"], 2.0)


def test_heavy_bombers():
    """CL-T-11: an attacking heavy bomber rolls 3 dice at 4: hit 26/27; infantry hits 1/3.
    Win (26/27*2/3)/(1 - 1/27*2/3) = 52/79, draw 26/79, lose 1/79.
    LHTR-T-11: best of two dice: hit 8/9, win (16/27)/(25/27) = 16/25."""
    r = odds("classic", "land", {"bomber": 1}, {"infantry": 1}, tech=["heavy_bombers"])
    a, d, x = outcome(r)
    assert close(a, 52.0 / 79) and close(x, 26.0 / 79) and close(d, 1.0 / 79)
    r = odds("revised_lhtr", "land", {"bomber": 1}, {"infantry": 1}, tech=["heavy_bombers"])
    assert close(r["attacker_wins"], 16.0 / 25)


def test_jet_fighters_defend_at_5():
    """CL-T-06: jets defend at 5; infantry (1) attacking: win (1/36)/(31/36) = 1/31."""
    r = odds("classic", "land", {"infantry": 1}, {"fighter": 1},
             tech={"defender": ["jet_fighters"]})
    assert close(r["attacker_wins"], 1.0 / 31)


def test_tactical_bomber_pairing():
    """P40-U-41: a tactical bomber with a tank attacks at 4: A >= 1 hit 1 - 1/3*1/2 = 5/6.
    If only D hits (1/18) the tank goes (cheaper) and tac (3) vs inf (2) wins 1/2;
    stay 1/9. Win (5/6 + 1/36) / (8/9) = 31/32."""
    r = odds("pacific_1940", "land", {"tactical_bomber": 1, "tank": 1}, {"infantry": 1})
    assert close(r["attacker_wins"], 31.0 / 32)


def test_bombardment_classic_and_lhtr():
    """CL-C-41: the battleship fires once at 4 with round 1, its casualties fire back:
    win 26/54 + 10/54*1/4 = 19/36, draw 13/54 + 10/54*1/8 = 19/72, lose 5/24.
    LHTR-C-23, LHTR-C-44: opening fire, no reply: win 2/3 + 1/3*1/4 = 3/4."""
    r = odds("classic", "amphibious", {"infantry": 1}, {"infantry": 1}, bombard={"battleship": 1})
    a, d, x = outcome(r)
    assert close(a, 19.0 / 36) and close(x, 19.0 / 72) and close(d, 5.0 / 24)
    r = odds("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 1},
             bombard={"battleship": 1})
    assert close(r["attacker_wins"], 0.75)


def test_retreat_policies():
    """CL-C-20, LHTR-C-29, P40-C-95: retreat after round 1 (1 vs 1 infantry): win 4/36,
    lose 10/36, draw 2/36, retreat 20/36, one round. Retreat at <= 1 unit (2 vs 1):
    win (33/108)/(58/108) = 33/58, retreat 25/58."""
    r = odds("classic", "land", {"infantry": 1}, {"infantry": 1}, policy={"retreat_after_round": 1})
    assert close(r["attacker_wins"], 4.0 / 36) and close(r["attacker_retreats"], 20.0 / 36)
    assert close(r["defender_wins"], 10.0 / 36) and close(r["expected_rounds"], 1.0)
    r = odds("classic", "land", {"infantry": 2}, {"infantry": 1}, policy={"retreat_at_units": 1})
    assert close(r["attacker_wins"], 33.0 / 58) and close(r["attacker_retreats"], 25.0 / 58)


def test_retreat_below_win_probability():
    """P40-C-95: retreat when the chance to win drops below 1/2. 2 infantry vs 1 win
    157/232 > 1/2; from (1,1) it is 1/4 < 1/2, so the attacker retreats there: the same
    as retreating at 1 unit, 33/58."""
    r = odds("classic", "land", {"infantry": 2}, {"infantry": 1}, policy={"retreat_below": 0.5})
    assert close(r["attacker_wins"], 33.0 / 58) and close(r["attacker_retreats"], 25.0 / 58)


def test_keep_land_units():
    """LHTR-C-36, LHTR-U-01/33: infantry + fighter vs infantry. A >= 1 hit 7/12, D 1/3,
    stay 10/36. Default (infantry lost first; fighter vs infantry wins 1/2):
    win (21/36 + 5/36*1/2)/(26/36) = 47/52, captures 7/13. Keeping 1 land unit (fighter lost
    first; infantry vs infantry wins 1/4): win 89/104, and every win captures."""
    a = {"infantry": 1, "fighter": 1}
    r = odds("revised_lhtr", "land", a, {"infantry": 1})
    assert close(r["attacker_wins"], 47.0 / 52) and close(r["attacker_captures"], 7.0 / 13)
    r = odds("revised_lhtr", "land", a, {"infantry": 1}, policy={"keep_land": 1})
    assert close(r["attacker_wins"], 89.0 / 104) and close(r["attacker_captures"], 89.0 / 104)


def test_explicit_order_of_loss():
    """LHTR-C-27: the attacker names its order: fighter before infantry gives the same
    numbers as keeping 1 land unit here (89/104)."""
    r = odds("revised_lhtr", "land", {"infantry": 1, "fighter": 1}, {"infantry": 1},
             policy={"attacker_order": ["fighter", "infantry"]})
    assert close(r["attacker_wins"], 89.0 / 104)


def test_submerge_policy():
    """LHTR-C-33, LHTR-U-82: a sub attacked only by a fighter cannot hit back and must sit
    through one cycle (the fighter hits it 1/2), then submerges when the policy says so:
    the zone is cleared (attacker wins), the sub survives with 1/2, one round."""
    r = odds("revised_lhtr", "sea", {"fighter": 1}, {"submarine": 1}, policy={"submerge": True})
    assert close(r["attacker_wins"], 1.0)
    assert close(r["defender_survivors"]["submarine"], 0.5)
    assert close(r["expected_rounds"], 1.0)
    # without the policy the fighter keeps firing until the sub is sunk
    r = odds("revised_lhtr", "sea", {"fighter": 1}, {"submarine": 1})
    assert close(r["defender_survivors"]["submarine"], 0.0) and close(r["expected_rounds"], 2.0)


def test_illegal_specs():
    """P40-U-20, CL-C-43, P40-C-61: land units at sea, retreat from an amphibious assault,
    too many bombarding ships; unknown units and negative counts are malformed input."""
    for bad in (("sea", {"infantry": 1}, {"destroyer": 1}, {}, RuleError),
                ("amphibious", {"infantry": 1}, {"infantry": 1},
                 {"policy": {"retreat_after_round": 1}}, RuleError),
                ("amphibious", {"infantry": 1}, {"infantry": 1},
                 {"bombard": {"battleship": 1, "cruiser": 1}}, RuleError),
                ("land", {"dragon": 1}, {"infantry": 1}, {}, InputError),
                ("land", {"infantry": -1}, {"infantry": 1}, {}, InputError)):
        try:
            odds("pacific_1940", bad[0], bad[1], bad[2], **bad[3])
        except bad[4]:
            pass
        else:
            assert False, bad


def test_random_battles_are_legal_and_repeatable():
    """P40-U-54, P40-U-58: the seeded random sea battles used for the Monte Carlo cross-check
    always attack with a unit that has an attack value; the same seed gives the same battles
    on every interpreter (engine dice, not `random`)."""
    from board_defs.pacific_1940.units import UNITS
    one = battles(UNITS, "sea", 5, 3)
    assert one == battles(UNITS, "sea", 5, 3)
    for a, d in one:
        r = odds("pacific_1940", "sea", a, d)
        assert close(r["attacker_wins"] + r["defender_wins"] + r["draw"] + r["attacker_retreats"], 1.0)


def test_live_odds_from_the_battle_engine():
    """P40-C-95, P40-U-50, P40-C-76: at the retreat question after round 1 the odds come
    from the survivors actually left: the sub's surprise strike (die 1) damaged the
    battleship, whose shot (die 6) missed, so the sub now wins 3/7 (not 3/49)."""
    from engine_core.battle import steps as battle
    from engine_core.battle.base import P_RETREAT
    from engine_core.dice import FixedDice
    from engine_core.odds.exact import live
    b = battle.Battle("pacific_1940", "sea", {"submarine": 1}, {"battleship": 1}, {"retreat": ("back",)})
    dice = FixedDice([1, 6])
    p = b.run_until_prompt(dice)
    while p is not None and p.kind != P_RETREAT:
        b.answer(None)
        p = b.run_until_prompt(dice)
    assert p is not None and b.round == 1
    assert close(live(b)["attacker_wins"], 3.0 / 7)


def test_national_advantages_on_the_device():
    """LHTR-O-44: infantry on an island defend at 3 (1 attacking infantry wins 1/7);
    LHTR-O-52: marines attack at 2 in the first cycle of an assault (1/3, 1/2, 1/6)."""
    from engine_core.odds.exact import odds
    r = odds("revised_lhtr", "land", {"infantry": 1}, {"infantry": 1},
             advantages={"defender": ["dug_in"]}, space=["island"])
    assert close(r["attacker_wins"], 1 / 7)
    assert close(r["defender_wins"], 5 / 7)
    r = odds("revised_lhtr", "amphibious", {"infantry": 1}, {"infantry": 1},
             advantages={"attacker": ["marines"]})
    assert close(r["attacker_wins"], 1 / 3)
    assert close(r["defender_wins"], 1 / 2)
    assert close(r["draw"], 1 / 6)
