# The power-by-power variant (004) against the Global rules (000-G): what stays the same.
from engine_core import board
from engine_core.ledger import politics as P
from engine_core.ledger import research as R
from engine_core.ledger import history as H
from engine_core.ledger import phases as PH
from engine_core.dice import FixedDice
from portable_helpers import _refused, _state



def _turn(b, s, name, rnd=1, ph=PH.COMBAT_MOVE):
    p = b.power_id(name)
    q = p if p in b.turn_order else b.turn_partner(p)
    for i in range(len(b.turn_order)):
        if b.turn_order[i] == q:
            s.turn = i
    order = (PH.PURCHASE, PH.COMBAT_MOVE, PH.COMBAT, PH.NONCOMBAT, PH.MOBILIZE, PH.INCOME)
    for i in range(len(order)):
        if order[i] == ph:
            s.phase = i
    s.round = rnd
    return p


def test_variant_keeps_global_board():
    """G40-V-27, G40-X-20: victory, turn order, incomes and the UK's two economies are Global
    1940's in the variant (004 is silent on them)."""
    g = board.load("global_1940")
    v = board.load("global_1940_variant")
    assert v.turn_order == g.turn_order
    assert v.power_count == g.power_count
    for p in range(g.power_count):
        assert v.starting_treasury(p) == g.starting_treasury(p)
        assert v.power_name(p) == g.power_name(p)
    assert v.turn_partner(v.power_id("United Kingdom Pacific")) == v.power_id("United Kingdom")


def test_variant_same_declarations():
    """G40-V-21, G40-V-23, G40-V-24, G40-V-26, G40-P-16, G40-P-02: Germany's and the USSR's
    declaration rights are unchanged; Japan starts at war with China only; a war between
    Japan and France or the USSR leaves the US alone."""
    b = board.load("global_1940_variant")
    s = _state(b, treasury=True)
    ger = b.power_id("Germany")
    ussr = b.power_id("Soviet Union")
    jp = b.power_id("Japan")
    fr = b.power_id("France")
    us = b.power_id("United States")
    cn = b.power_id("China")
    assert s.at_war[jp] == 1 << cn
    _turn(b, s, "Soviet Union", rnd=2)
    assert _refused(lambda: P.declare_war(b, s, ussr, ger), "G40-P-11")
    _turn(b, s, "Japan")
    P.declare_war(b, s, jp, fr)
    P.declare_war(b, s, jp, ussr)
    assert not P.at_war(s, jp, us)
    assert not (s.history & H.JAPAN_UNPROVOKED_UK)
    _turn(b, s, "Germany")
    P.declare_war(b, s, ger, ussr)
    assert s.history & H.EURO_AXIS_DECLARED_ON_USSR


def test_variant_us_complexes():
    """G40-V-12, G40-U-02, G40-P-25: the US complexes are upgraded on entering war, in the variant
    as in Global."""
    b = board.load("global_1940_variant")
    s = _state(b, treasury=True)
    us = b.power_id("United States")
    jp = b.power_id("Japan")
    _turn(b, s, "Japan")
    ev = P.declare_war(b, s, jp, us)
    assert len([e for e in ev if e[0] == P.EV_IC_UPGRADE]) == 3


def test_variant_china_entry():
    """G40-V-15, G40-V-07, G40-P-30: while not at war with Japan either UK economy may not move
    into China; Japan's act-of-war text reads "into China" (same in practice)."""
    b = board.load("global_1940_variant")
    s = _state(b, treasury=True)
    ukp = b.power_id("United Kingdom Pacific")
    uk = b.power_id("United Kingdom")
    t = b.territory_id("Szechwan")
    assert _refused(lambda: P.enter(b, s, ukp, t, False), "G40-P-30")
    assert _refused(lambda: P.enter(b, s, uk, t, False), "G40-P-30")


def test_variant_research_unchanged():
    """G40-R-05, G40-R-01, G40-R-04: the variant uses the Global R&D rule unchanged."""
    b = board.load("global_1940_variant")
    s = _state(b, treasury=True)
    it = b.power_id("Italy")
    cost, rolls, gained = R.research(b, s, it, 1, FixedDice([6, 2]), chart=1)
    assert gained == [R.ROCKETS] and s.treasury[it] == 10 - 5
