# An amphibious assault's exact odds with the sea defenders' own technologies (issue 16: the
# battle's option sea_defender_tech, engine_core/odds/assault.py), checked against fractions
# worked by hand.
from engine_core.odds import assault
from engine_core.errors import InputError
from engine_core.numfmt import percent

EPS = 1e-5
# LHTR: a fighter and a transport (1 infantry aboard) against a submarine in the launch zone,
# then the infantry against 1 defending infantry
ARGS = ("revised_lhtr", {"infantry": 1}, {"infantry": 1}, {"infantry": 1},
        {"fighter": 1, "transport": 1}, {"submarine": 1})


def close(x, y, eps=EPS):
    if abs(x - y) >= eps:
        return False
    return not (0 <= y <= 1) or percent(x) == percent(y)


def test_lhtr_the_zones_sub_without_the_land_owners_super_submarines():
    """LHTR-T-06 LHTR-T-09 LHTR-C-42 LHTR-C-43: the territory's owner has Super Submarines, the
    zone's sub (another power's) not, so the fighter may hit it. Sea, per round: the sub's
    opening fire at 2 (1/3) sinks the transport and its cargo; the fighter at 3 (1/2) sinks the
    sub. Sub only or both 1/3: nothing lands; fighter only 1/3: it lands; neither 1/3 again:
    landing 1/2. Land (1 at 1 vs 2): win 1/4, draw 1/8, lost 5/8. Whole: win = capture 1/8,
    draw 1/16, the defender holds 1/2 + 1/2 * 5/8 = 13/16. IPC: transport (8) and its infantry
    (3) 1/2, the landed infantry 1/2 * 3/4: attacker 4 + 3/2 + 9/8 = 53/8; the sub (8) always,
    the defending infantry (3) 1/2 * 3/8: 8 + 9/16 = 137/16."""
    r = assault.odds(*ARGS, tech={"defender": ["super_submarines"]}, sea_defender_tech=())
    assert close(r["landing"], 1 / 2)
    assert close(r["attacker_wins"], 1 / 8)
    assert close(r["attacker_captures"], 1 / 8)
    assert close(r["draw"], 1 / 16)
    assert close(r["defender_wins"], 13 / 16)
    assert close(r["attacker_ipc_lost"], 53 / 8)
    assert close(r["defender_ipc_lost"], 137 / 16)


def test_lhtr_super_submarines_of_the_zone_only_or_as_before():
    """LHTR-T-09 LHTR-U-80 LHTR-C-42: the zone's sub is super (sea_defender_tech), or, without
    the option, takes the land owner's: the fighter cannot hit it, the sub sinks the transport
    in the end: nothing lands, the defender holds; the attacker loses transport and cargo, 11."""
    for kw in ({"sea_defender_tech": ["super_submarines"]},
               {"tech": {"defender": ["super_submarines"]}}):
        r = assault.odds(*ARGS, **kw)
        assert close(r["landing"], 0) and close(r["defender_wins"], 1)
        assert close(r["attacker_ipc_lost"], 11) and close(r["defender_ipc_lost"], 0)


def test_sliced_solver_takes_the_option_and_refuses_a_bad_name():
    """LHTR-T-06: the sliced Solver gives odds()'s figures; a technology that changes no battle
    is refused before any slice."""
    s = assault.Solver(*ARGS, tech={"defender": ["super_submarines"]}, sea_defender_tech=())
    while not s.step(50):
        pass
    assert close(s.result()["attacker_wins"], 1 / 8)
    try:
        assault.Solver(*ARGS, sea_defender_tech=["rockets"])
        assert False, "accepted"
    except InputError as e:
        assert "rockets" in str(e)
