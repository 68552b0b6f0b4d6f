"""Classic 2nd edition against Revised/LHTR: the economy rows of the differences table
(CL-D-*) and the industrial complex rules of both editions (issue 4)."""
from engine_core.ledger.game import Game
from engine_core.ledger.victory import individual_percent_tenths, individual_increase
from portable_helpers import _raises, _to, _end_turn


def test_starting_money_classic_and_lhtr():
    """CL-D-02: starting IPCs and production: Classic USSR 24, Germany 32, UK 30, Japan 25,
    US 36; Revised/LHTR USSR 24, Germany 40, UK 30, Japan 30, US 42."""
    names = ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States")
    for ed, want in (("classic", (24, 32, 30, 25, 36)), ("revised_lhtr", (24, 40, 30, 30, 42))):
        s = Game.new(ed).summary()
        for i in range(5):
            assert s["treasury"][names[i]] == want[i], (ed, names[i])
            assert s["production"][names[i]] == want[i], (ed, names[i])


def test_classic_production_limits():
    """CL-D-28, CL-U-21: Classic original complexes are unlimited (Russia, worth 8, places
    10 infantry); a new complex places its territory's value (Caucasus 3), and 1 unit when
    the territory is worth 0."""
    g = Game.new("classic")
    b = g.board
    su = b.power_id("Soviet Union")
    g.state.treasury[su] = 60
    cauc = b.territory_id("Caucasus")
    g.state.facilities[cauc] |= 1                 # a complex built on an earlier turn
    zero = -1
    for t in range(b.territory_count):
        if not b.is_sea(t) and b.ipc(t) == 0 and g.state.owner[t] == su:
            zero = t
            break
    if zero < 0:                                  # no worthless Soviet territory: hand one over
        for t in range(b.territory_count):
            if not b.is_sea(t) and b.ipc(t) == 0 and g.state.owner[t] >= 0:
                zero = t
                break
        g.state.owner[zero] = su
    g.state.facilities[zero] |= 1
    _to(g, "Soviet Union", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 15}})   # 45 of 60 IPCs
    _to(g, "Soviet Union", "mobilize")
    assert b.ipc(b.territory_id("Russia")) == 8
    g.apply({"type": "place", "territory": "Russia", "units": {"infantry": 10}})
    _raises("CL-E-04", g.apply, {"type": "place", "territory": cauc, "units": {"infantry": 4}})
    g.apply({"type": "place", "territory": cauc, "units": {"infantry": 3}})
    _raises("CL-E-04", g.apply, {"type": "place", "territory": zero, "units": {"infantry": 2}})
    g.apply({"type": "place", "territory": zero, "units": {"infantry": 1}})
    assert g.state.pool == [[0, 1, su]]


def test_lhtr_production_limits_every_complex():
    """CL-D-28, LHTR-U-21: under LHTR every complex, original ones too, places at most its
    territory's value: Russia (8) takes 8 of 10 infantry, the rest are lost
    (LHTR-CHG-ECON-01: excess units are lost, no refund)."""
    g = Game.new("revised_lhtr")
    b = g.board
    su = b.power_id("Soviet Union")
    g.state.treasury[su] = 30
    _to(g, "Soviet Union", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 10}})
    _to(g, "Soviet Union", "mobilize")
    _raises("LHTR-E-04", g.apply, {"type": "place", "territory": "Russia", "units": {"infantry": 9}})
    g.apply({"type": "place", "territory": "Russia", "units": {"infantry": 8}})
    _raises("LHTR-E-04", g.apply, {"type": "place", "territory": "Russia", "units": {"infantry": 1}})
    g.apply({"type": "end_phase"})
    g.apply({"type": "end_phase"})                 # income: 0 left + 24, nothing refunded
    assert g.summary()["treasury"]["Soviet Union"] == 24
    assert g.state.pool == []


def test_lhtr_new_complex_site():
    """LHTR-U-22: a new complex goes only in a territory held since the start of the turn
    and worth at least 1, and only one per territory (Russia already has one)."""
    g = Game.new("revised_lhtr")
    b = g.board
    su = b.power_id("Soviet Union")
    g.state.treasury[su] = 45
    _to(g, "Soviet Union", "purchase")
    g.apply({"type": "purchase", "units": {"industrial_complex": 2}})
    _to(g, "Soviet Union", "combat")
    g.apply({"type": "capture", "territory": "Belorussia"})   # taken this turn
    _to(g, "Soviet Union", "mobilize")
    _raises("LHTR-E-08", g.apply, {"type": "place", "territory": "Belorussia", "units": {"industrial_complex": 1}})
    _raises("LHTR-E-08", g.apply, {"type": "place", "territory": "Russia", "units": {"industrial_complex": 1}})
    zero = [t for t in range(b.territory_count) if not b.is_sea(t) and b.ipc(t) == 0
            and g.state.owner[t] == su]
    if zero:
        _raises("LHTR-E-08", g.apply, {"type": "place", "territory": zero[0], "units": {"industrial_complex": 1}})
    g.apply({"type": "place", "territory": "Kazakh S.S.R.", "units": {"industrial_complex": 1}})
    assert g.state.facilities[b.territory_id("Kazakh S.S.R.")] & 1


def test_lhtr_captured_and_friendly_complexes():
    """LHTR-U-23, LHTR-CHG-ECON-03: a captured complex is used by its captor from the turn
    after capture (Germany takes Caucasus: nothing there this turn, its value 4 next turn);
    LHTR-E-09, LHTR-CHG-ECON-02: the UK may not place at the Soviet complex in Russia, but
    once Moscow is German the UK may use Caucasus's complex, which it took from the enemy;
    CL-D-35 (LHTR side): the liberator keeps the complex while the ally's capital is lost."""
    g = Game.new("revised_lhtr")
    b = g.board
    kar = b.territory_id("Caucasus")
    value = b.ipc(kar)
    assert value == 4
    _to(g, "Germany", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 2}})
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": kar})
    _to(g, "Germany", "mobilize")
    _raises("LHTR-E-03", g.apply, {"type": "place", "territory": kar, "units": {"infantry": 1}})
    _to(g, "United Kingdom", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 1}})
    _to(g, "United Kingdom", "mobilize")
    _raises("LHTR-E-03", g.apply, {"type": "place", "territory": "Russia", "units": {"infantry": 1}})
    _to(g, "Germany", "purchase")                      # round 2
    g.apply({"type": "purchase", "units": {"infantry": value + 1}})
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    _to(g, "Germany", "mobilize")
    _raises("LHTR-E-04", g.apply, {"type": "place", "territory": kar, "units": {"infantry": value + 1}})
    g.apply({"type": "place", "territory": kar, "units": {"infantry": value}})
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": kar})     # Moscow German: a capture, not a liberation
    assert g.state.owner[kar] == b.power_id("United Kingdom")
    _to(g, "United Kingdom", "purchase")               # round 3
    g.apply({"type": "purchase", "units": {"infantry": 1}})
    _to(g, "United Kingdom", "mobilize")
    g.apply({"type": "place", "territory": kar, "units": {"infantry": 1}})
    assert g.state.placed[kar] == 1


def test_classic_allies_complexes():
    """CL-U-23: a power never uses an ally's complex (the UK at Russia); when it liberates an
    ally's territory with a complex while the ally's capital is enemy-held, it may use that
    complex (Karelia, next UK turn); CL-D-35 (Classic side): liberator keeps income and IC use."""
    g = Game.new("classic")
    b = g.board
    kar = b.territory_id("Karelia S.S.R.")
    uk = b.power_id("United Kingdom")
    _to(g, "United Kingdom", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 1}})
    _to(g, "United Kingdom", "mobilize")
    _raises("CL-E-03", g.apply, {"type": "place", "territory": "Russia", "units": {"infantry": 1}})
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    g.apply({"type": "capture", "territory": kar})
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": kar})
    assert g.state.owner[kar] == uk and g.summary()["production"]["United Kingdom"] == 33
    _to(g, "United Kingdom", "purchase")
    g.apply({"type": "purchase", "units": {"infantry": 1}})
    _to(g, "United Kingdom", "mobilize")
    g.apply({"type": "place", "territory": kar, "units": {"infantry": 1}})


def test_ships_in_hostile_zones():
    """CL-D-29: Classic places new ships only in friendly zones unless the optional rule is
    in play (CL-E-03); Revised/LHTR allows a hostile zone (LHTR-E-06)."""
    for ed, ok in (("classic", False), ("revised_lhtr", True)):
        g = Game.new(ed)
        b = g.board
        _to(g, "United Kingdom", "purchase")
        g.apply({"type": "purchase", "units": {"submarine": 1}})
        _to(g, "United Kingdom", "mobilize")
        t = b.territory_id("United Kingdom")
        sea = [z for z in b.adjacent(t) if b.is_sea(z)][0]
        act = {"type": "place", "territory": t, "units": {"submarine": 1}, "sea_zone": sea, "hostile": True}
        if ok:
            g.apply(act)
            assert g.state.pool == []
        else:
            _raises("CL-E-03", g.apply, act)


def test_lost_capital_classic_and_lhtr():
    """CL-D-34, LHTR-CHG-ECON-06: the captor takes all IPCs in both games; under LHTR the
    power without its capital plays only combat move, combat and noncombat move (no
    research, no purchase, no mobilize, no income)."""
    g = Game.new("revised_lhtr")
    _to(g, "United Kingdom", "combat")
    g.apply({"type": "capture", "territory": "Germany"})
    assert g.summary()["treasury"]["Germany"] == 0
    _to(g, "Germany", "combat_move")
    seen = []
    while g.summary()["power"] == "Germany":
        seen.append(g.summary()["phase"])
        g.apply({"type": "end_phase"})
    assert seen == ["combat_move", "combat", "noncombat_move"]
    assert g.summary()["treasury"]["Germany"] == 0


def test_individual_winner_percent_or_absolute():
    """CL-D-36, CL-P-13, LHTR-P-10: Japan 25 -> 30 (+5, 20.0%) against the US 36 -> 42 (+6,
    16.6% truncated): Classic's percentage picks Japan, LHTR's absolute increase the US."""
    assert individual_percent_tenths(25, 30) == 200
    assert individual_percent_tenths(36, 42) == 166
    assert individual_increase(25, 30) == 5 and individual_increase(36, 42) == 6


def test_victory_capitals_or_cities():
    """CL-D-03, CL-D-01, CL-P-10: in Classic, Germany holding Russia and the United Kingdom
    wins at the end of its own turn; LHTR-CHG-VIC-01, LHTR-CHG-VIC-02, LHTR-P-08: under LHTR
    the same two capitals give the Axis 6 + 2 = 8 victory cities, short of the default 9
    (moderate), and nothing is checked before the round ends. Both games walk research,
    purchase (Classic's Action 1, here two steps), combat move, combat, noncombat move,
    placement and income."""
    for ed in ("classic", "revised_lhtr"):
        g = Game.new(ed)
        seen = []
        while g.summary()["power"] == "Soviet Union":
            seen.append(g.summary()["phase"])
            g.apply({"type": "end_phase"})
        assert seen == ["research", "purchase", "combat_move", "combat", "noncombat_move",
                        "mobilize", "collect_income"], ed
    g = Game.new("classic")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    g.apply({"type": "capture", "territory": "United Kingdom"})
    _end_turn(g)
    assert g.summary()["victory"] == "Axis"
    g = Game.new("revised_lhtr")
    _to(g, "Germany", "combat")
    g.apply({"type": "capture", "territory": "Russia"})
    g.apply({"type": "capture", "territory": "United Kingdom"})
    for _ in range(4):                              # Germany, UK, Japan, US: round ends
        _end_turn(g)
    assert g.state.round == 2
    assert g.summary()["victory"] is None


def test_classic_one_chart_for_every_power():
    """CL-A-05: only Germany's reference chart is printed and every power uses its values:
    each of the five powers pays 3 + 5 + 12 = 20 IPCs for an infantry, an armor and a
    fighter."""
    g = Game.new("classic")
    for name in ("Soviet Union", "Germany", "United Kingdom", "Japan", "United States"):
        _to(g, name, "purchase")
        before = g.summary()["treasury"][name]
        g.apply({"type": "purchase", "units": {"infantry": 1, "armor": 1, "fighter": 1}})
        assert g.summary()["treasury"][name] == before - 20, name
