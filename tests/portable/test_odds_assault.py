# An amphibious assault's odds as a whole (engine_core/odds/assault.py): the sea battle in the
# launch zone first, then the land battle as a mixture over the sea battle's ends, checked
# against values worked by hand (first-step recurrences, "A hits / D hits" per round).
from engine_core.odds import assault
from engine_core.errors import RuleError, InputError
from engine_core.numfmt import percent

EPS = 1e-5


def close(x, y, eps=EPS):
    if abs(x - y) >= eps:
        return False
    return not (0 <= y <= 1) or percent(x) == percent(y)


def test_1940_transport_sunk_cargo_never_lands():
    """P40-C-57 P40-C-63 P40-U-58 P40-C-91: 1 destroyer + 1 transport with 1 infantry vs
    1 submarine, then that infantry vs 1 defending infantry.
    Sea (destroyer hits on 2: 1/3, sub on 1: 1/6; the transport is taken last): both hit 1/18
    (transport afloat), A only 5/18 (both afloat), D only 2/18 (the lone transport cannot
    fight on: it is sunk), neither 10/18. Landing = (6/18) / (8/18) = 3/4.
    Land (infantry at 1 vs 2): A only 2/18 win, both 1/18 draw, D only 5/18 lost, over 8/18:
    1/4, 1/8, 5/8. Whole: win = capture = 3/4 * 1/4 = 3/16; draw 3/32; the defender holds
    1/4 + 3/4 * 5/8 = 23/32 (nothing lands: the territory is not attacked).
    IPC: destroyer (8) lost 3/8, transport (7) 1/4, its infantry (3) 1/4, the landed infantry
    3/4 * 3/4: attacker 3 + 7/4 + 3/4 + 27/16 = 115/16; defender sub (6) 3/4, infantry (3)
    3/4 * 3/8: 9/2 + 27/32 = 171/32."""
    r = assault.odds("pacific_1940", {"infantry": 1}, {"infantry": 1}, {"infantry": 1},
                     {"destroyer": 1, "transport": 1}, {"submarine": 1})
    assert close(r["landing"], 3 / 4)
    assert close(r["sea"]["attacker_wins"], 3 / 4)
    assert close(r["attacker_wins"], 3 / 16)
    assert close(r["attacker_captures"], 3 / 16)
    assert close(r["draw"], 3 / 32)
    assert close(r["defender_wins"], 23 / 32)
    assert close(r["attacker_ipc_lost"], 115 / 16)
    assert close(r["defender_ipc_lost"], 171 / 32)
    assert close(r["ipc_swing"], 171 / 32 - 115 / 16)
    assert close(r["attacker_survivors"]["infantry"], 3 / 16)
    assert close(r["defender_survivors"]["infantry"], 23 / 32)
    best = r["attacker_remaining"][0]
    assert best[0] == {} and close(best[1], 13 / 16)
    assert r["method"] == "exact"


def test_lhtr_transports_last_and_overland_units_fight_anyway():
    """LHTR-C-42 LHTR-C-43 LHTR-C-45 LHTR-U-70: 1 destroyer + 1 transport (1 infantry aboard)
    vs 1 submarine; 1 more infantry comes overland; the territory holds 1 infantry.
    Sea (destroyer hits on 3: 1/2, sub on 2: 1/3), the transport taken last: both 1/6 and
    A only 1/3 land the infantry, D only 1/6 leaves the transport to be sunk: landing 3/4
    (with the cheapest first, as a sea battle alone, it would be 1/2).
    Land, 2 infantry vs 1 (A hits 0/1/2: 25/36, 10/36, 1/36; D 1/3): win = (11/36 + 25/36 *
    1/3 * 1/4) / (1 - 25/36 * 2/3) = 157/232, draw 25/464, lost 125/464; with nothing landed
    the overland infantry still fights (1 v 1: 1/4, 1/8, 5/8).
    Whole: win 3/4 * 157/232 + 1/4 * 1/4 = 529/928, draw 133/1856, held 665/1856."""
    r = assault.odds("revised_lhtr", {"infantry": 2}, {"infantry": 1}, {"infantry": 1},
                     {"destroyer": 1, "transport": 1}, {"submarine": 1})
    assert close(r["landing"], 3 / 4)
    assert close(r["attacker_wins"], 529 / 928)
    assert close(r["attacker_captures"], 529 / 928)
    assert close(r["draw"], 133 / 1856)
    assert close(r["defender_wins"], 665 / 1856)


def test_sliced_solver_same_report():
    """P40-C-57 P40-C-63: the Solver in small slices reaches odds()'s report; its estimates
    never claim more than is resolved."""
    args = ("pacific_1940", {"infantry": 2, "artillery": 1}, {"infantry": 2},
            {"infantry": 2, "artillery": 1}, {"destroyer": 1, "transport": 2},
            {"submarine": 1, "destroyer": 1})
    whole = assault.odds(*args)
    s = assault.Solver(*args)
    steps = 0
    while not s.step(50):
        e = s.estimate()
        assert e["error"] >= -EPS and e["attacker_wins"] <= whole["attacker_wins"] + EPS
        steps += 1
    assert steps > 1
    r = s.result()
    for key in ("attacker_wins", "attacker_captures", "draw", "defender_wins", "ipc_swing", "landing"):
        assert close(r[key], whole[key])
    assert close(r["attacker_wins"] + r["draw"] + r["defender_wins"], 1)


def test_refusals_name_the_rule():
    """P40-U-58 CL-U-71: more seaborne units than the transports in the sea battle carry is
    refused by rule; seaborne units not among the attackers by name."""
    try:
        assault.odds("pacific_1940", {"infantry": 3}, {"infantry": 1}, {"infantry": 3},
                     {"destroyer": 1, "transport": 1}, {"submarine": 1})
        assert False, "refused"
    except RuleError as err:
        assert "P40-U-58" in str(err)
    try:
        assault.odds("classic", {"infantry": 3}, {"infantry": 1}, {"infantry": 3},
                     {"battleship": 1, "transport": 1}, {"submarine": 1})
        assert False, "refused"
    except RuleError as err:
        assert "CL-U-71" in str(err)
    try:
        assault.odds("pacific_1940", {"infantry": 1}, {"infantry": 1}, {"infantry": 2},
                     {"destroyer": 1, "transport": 1}, {"submarine": 1})
        assert False, "refused"
    except InputError:
        pass
