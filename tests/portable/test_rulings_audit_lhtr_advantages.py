# gate heap: 208K (smallest heap that passes: 200K on the unix port, 2026-11-29, after the odds grew
# their list mode and builtin names past the default 192K; +8K headroom: the collector scans the C
# stack conservatively)
# Revised / LHTR national advantages: the FAQ's original answers that edition "revised" keeps
# (issue 16 items 6 and 7), from ../shared/seeds/revised-lhtr-tournament-rules.txt.
from engine_core.battle.steps import Battle
from engine_core.battle.base import S_AA
from engine_core.odds.exact import odds
from engine_core.dice import FixedDice
from portable_helpers import _rolls, _finish

# The odds engine computes in the interpreter's float: single precision (float32) on every
# CircuitPython board, where a solved battle agrees with its exact fraction to about 1e-6
# (tools/cpgate.py); EPS says "the hand-worked fraction, in single precision".
EPS = 1e-5


# ----- items 6 and 7: edition "revised" keeps the FAQ's original national-advantage answers

def test_wolf_packs_revised_three_subs_for_the_whole_battle():
    """LHTR-M-08, LHTR-CHG-NA-02: Revised's FAQ: the bonus "applies throughout the entire
    battle. Even if the attacking subs are reduced to only one or two survivors during the
    fight, the wolf pack bonus still applies if there were three or more when the battle
    started" (LHTR amended it to 2 subs at the start of each cycle). Three German subs against
    two destroyers: 5, 5, 5 miss at 3; the destroyers' 3, 3 sink two; the last sub still fires
    at 3 under Revised, at 2 under LHTR (one sub left); 5 misses, 3 sinks it."""
    for ed, last in (("revised", 3), ("revised_lhtr", 2)):
        b = Battle(ed, "sea", {"submarine": 3}, {"destroyer": 2},
                   {"attacker_na": ("wolf_packs",), "retreat": ()})
        d = FixedDice([5, 5, 5, 3, 3, 5, 3, 6])
        _finish(b, d)
        assert d.remaining() == 0
        assert [(r[0], r[2], r[3]) for r in _rolls(b)] == [
            (0, 3, (5, 5, 5)), (1, 3, (3, 3)), (0, last, (5,)), (1, 3, (3, 6))], ed


def test_wolf_packs_revised_needs_three():
    """LHTR-CHG-NA-02 (Revised's original answer): two subs never get the bonus: they fire at 2
    in the battle, and the odds are those of the same battle without Wolf Packs."""
    b = Battle("revised", "sea", {"submarine": 2}, {"destroyer": 1},
               {"attacker_na": ("wolf_packs",), "retreat": ()})
    _finish(b, FixedDice([5, 5, 3, 5, 3]))
    assert [(r[0], r[2]) for r in _rolls(b)] == [(0, 2), (1, 3), (0, 2), (1, 3)]
    a = odds("revised", "sea", {"submarine": 2}, {"destroyer": 1},
             advantages={"attacker": ["wolf_packs"]})
    n = odds("revised", "sea", {"submarine": 2}, {"destroyer": 1})
    assert abs(a["attacker_wins"] - n["attacker_wins"]) < EPS
    w = odds("revised_lhtr", "sea", {"submarine": 2}, {"destroyer": 1},
             advantages={"attacker": ["wolf_packs"]})
    assert w["attacker_wins"] > n["attacker_wins"] + 0.01


def test_superfortresses_not_fired_on_in_revised():
    """LHTR-CHG-NA-05: Revised's FAQ: "Are superfortresses subject to anti-aircraft fire? No."
    (LHTR: two AA dice that must total 3 or less, 3/36). A US bomber (attack 4) against an AA
    gun and an infantry (defense 2): Revised rolls no AA die; the bomber then wins with
    P = (4/6*4/6) / (1 - 2/6*4/6) = 16/28 = 4/7 (the rest: both lost 8/28, lost 4/28). LHTR
    first shoots it down with 1/12: 11/12 * 4/7 = 11/21."""
    b = Battle("revised", "land", {"bomber": 1}, {"antiaircraft_gun": 1, "infantry": 1},
               {"attacker_na": ("superfortresses",), "retreat": ()})
    d = FixedDice([1, 6])
    _finish(b, d)
    assert [r[1] for r in _rolls(b)] != [] and S_AA not in [r[1] for r in _rolls(b)]
    for ed, want in (("revised", 4.0 / 7), ("revised_lhtr", 11.0 / 21)):
        r = odds(ed, "land", {"bomber": 1}, {"antiaircraft_gun": 1, "infantry": 1},
                 advantages={"attacker": ["superfortresses"]})
        assert abs(r["attacker_survivors"]["bomber"] - want) < EPS, ed
