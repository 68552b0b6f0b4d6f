# Research: Classic weapons development, Revised/LHTR technology, 1940 optional R&D.
# Dice are given by hand (FixedDice); expectations follow the rulebooks' procedures.
from engine_core import board
from engine_core.ledger import research as R
from engine_core.ledger import phases as PH
from engine_core.dice import FixedDice
from engine_core.errors import RuleError
from portable_helpers import _refused, _state



def test_classic_worked_example():
    """CL-T-12, CL-T-01, CL-T-02, CL-T-03, CL-T-08: Japan (25 IPCs) buys one die for 5, rolls a 6,
    then a 3 on the chart: Super Submarines; 20 IPCs are left."""
    b = board.load("classic")
    s = _state(b, treasury=True, war=False)
    jp = b.power_id("Japan")
    assert s.treasury[jp] == 25
    cost, rolls, gained = R.research(b, s, jp, 1, FixedDice([6, 3]))
    assert cost == 5 and rolls == [6] and gained == [R.SUPER_SUBS]
    assert s.treasury[jp] == 20
    assert R.has_tech(b, s, jp, R.SUPER_SUBS)


def test_classic_each_six_and_reroll():
    """CL-T-02, CL-T-03, CL-T-04, CL-T-05: every 6 is a breakthrough; an owned result is re-rolled;
    the development works at once and only for this power."""
    b = board.load("classic")
    s = _state(b, treasury=True, war=False)
    ger = b.power_id("Germany")
    s.techs[ger] = R.JETS
    # dice 6, 2, 6 -> two breakthroughs; chart 1 (owned Jet Power) re-rolled to 6, then 2
    cost, rolls, gained = R.research(b, s, ger, 3, FixedDice([6, 2, 6, 1, 6, 2]))
    assert cost == 15 and s.treasury[ger] == 32 - 15
    assert gained == [R.HEAVY_BOMBERS, R.ROCKETS]
    assert s.techs[ger] == R.JETS | R.HEAVY_BOMBERS | R.ROCKETS
    assert s.techs[b.power_id("Japan")] == 0


def test_classic_failure_and_cost_checks():
    """CL-T-02: no 6, the money is spent; CL-T-01: 5 IPCs a die, no more than the treasury;
    CL-A-13, CL-C-85: a power without its capital cannot research."""
    b = board.load("classic")
    s = _state(b, treasury=True, war=False)
    us = b.power_id("United States")
    cost, rolls, gained = R.research(b, s, us, 2, FixedDice([5, 1]))
    assert gained == [] and s.treasury[us] == 36 - 10
    s.round += 1                      # the next turn: one roll of research dice a turn (CL-T-02)
    assert _refused(lambda: R.research(b, s, us, 6, FixedDice([6] * 12)), "CL-T-01")
    assert s.treasury[us] == 26
    ussr = b.power_id("Soviet Union")
    s.owner[b.capital(ussr)] = b.power_id("Germany")
    assert _refused(lambda: R.research(b, s, ussr, 1, FixedDice([6, 1])), "CL-A-13")


def test_classic_all_owned_wasted():
    """CL-A-20: with all six developments owned, another 6 is wasted."""
    b = board.load("classic")
    s = _state(b, treasury=True, war=False)
    uk = b.power_id("United Kingdom")
    for t in R.CLASSIC_CHART:
        s.techs[uk] |= t
    cost, rolls, gained = R.research(b, s, uk, 1, FixedDice([6]))
    assert gained == [] and s.treasury[uk] == 25


def test_classic_industrial_technology_costs():
    """CL-T-10, CL-A-20, CL-D-26: Industrial Technology lowers every unit's cost by 1 (an IC
    15 -> 14), not the research dice (CL-T-01 stays 5)."""
    b = board.load("classic")
    s = _state(b, treasury=True, war=False)
    ger = b.power_id("Germany")
    s.techs[ger] = R.INDUSTRIAL_TECH
    inf = b.unit_id("infantry")
    ic = b.unit_id("industrial_complex")
    assert R.cost_reduction(b, s, ger, inf) == 1
    assert R.unit_cost(b, s, ger, "industrial_complex", b.units[ic][1]) == b.units[ic][1] - 1
    assert R.DIE_COST == 5


def test_classic_head_start_option():
    """CL-O-03: optional head-start weapons: Germany starts with Jet Power, Japan with Super
    Submarines."""
    b = board.load("classic")
    assert R.starting_techs(b, b.power_id("Germany"), {"head_start_weapons": True}) == R.JETS
    assert R.starting_techs(b, b.power_id("Japan"), {"head_start_weapons": True}) == R.SUPER_SUBS
    assert R.starting_techs(b, b.power_id("Germany")) == 0


def test_lhtr_named_development():
    """LHTR-T-01, LHTR-T-02, LHTR-T-03, LHTR-T-04: name one development, buy dice at 5, any die
    showing its number (Super Submarines: 3) succeeds; one success at most."""
    b = board.load("revised_lhtr")
    s = _state(b, treasury=True, war=False)
    jp = b.power_id("Japan")
    cost, rolls, gained = R.research(b, s, jp, 3, FixedDice([1, 3, 3]), tech="super_submarines")
    assert cost == 15 and gained == [R.SUPER_SUBS] and s.treasury[jp] == 30 - 15
    assert _refused(lambda: R.research(b, s, jp, 1, FixedDice([1])), "LHTR-T-02")
    # LHTR-A-21: not a development already owned
    assert _refused(lambda: R.research(b, s, jp, 1, FixedDice([3]), tech="super_submarines"), "LHTR-A-21")
    # LHTR-T-04: Combined Bombardment is number 5 on this chart (the next turn: LHTR-T-02)
    s.round += 1
    cost, rolls, gained = R.research(b, s, jp, 2, FixedDice([6, 4]), tech="combined_bombardment")
    assert gained == []


def test_lhtr_effect_from_mobilize():
    """LHTR-T-05, LHTR-CHG-TECH-01: a development gained in phase 1 works only from the Mobilize
    phase of the same turn (not in this turn's combat)."""
    b = board.load("revised_lhtr")
    s = _state(b, treasury=True, war=False)
    ussr = b.power_id("Soviet Union")
    table = b.rules["phases"]
    s.phase = 0
    R.research(b, s, ussr, 1, FixedDice([2]), tech="rockets")   # sample turn: Rockets on a 2
    assert R.owned(s, ussr) & R.ROCKETS
    for i in range(len(table)):
        s.phase = i
        assert R.has_tech(b, s, ussr, R.ROCKETS) == (table[i] >= PH.MOBILIZE)
    # the names handed to the battle and raid engines follow the same timing
    s.phase = 0
    assert R.active_tech_names(b, s, ussr) == ()
    # next turn: in effect in every phase
    s.turn = 1
    assert R.has_tech(b, s, ussr, R.ROCKETS)
    assert R.active_tech_names(b, s, ussr) == ("rockets",)
    R.start_mobilize(b, s, ussr)
    assert s.research[ussr] == 0


def test_lhtr_no_sharing_and_capital():
    """LHTR-T-06, LHTR-E-11: technology helps only its researcher; a power without its capital
    researches nothing."""
    b = board.load("revised_lhtr")
    s = _state(b, treasury=True, war=False)
    uk = b.power_id("United Kingdom")
    us = b.power_id("United States")
    R.research(b, s, uk, 1, FixedDice([1]), tech="jet_fighters")
    assert s.techs[us] == 0
    s.owner[b.capital(us)] = b.power_id("Japan")
    assert _refused(lambda: R.research(b, s, us, 1, FixedDice([6]), tech="heavy_bombers"), "LHTR-E-11")


def test_1940_breakthrough_charts():
    """P40-T-10, P40-R-01, P40-R-02, P40-R-03, P40-R-04, P40-R-05, P40-R-06, P40-R-11, P40-R-12, P40-R-13, P40-R-14, P40-R-15, P40-R-16, P40-R-21, P40-R-22, P40-R-23, P40-R-24, P40-R-25, P40-R-26, G40-R-01: 5 IPCs a die; at least one 6 is one
    breakthrough; the chosen chart's die gives the advance (re-rolled while owned); effective
    at once."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True, war=False)
    jp = b.power_id("Japan")
    # two 6s still give one breakthrough; chart 2 die 2 = Jet Fighters
    cost, rolls, gained = R.research(b, s, jp, 3, FixedDice([6, 6, 1, 2]), chart=2, enabled=True)
    assert cost == 15 and gained == [R.JETS] and s.treasury[jp] == 26 - 15
    assert R.has_tech(b, s, jp, R.JETS)
    # chart 1: 5 = War Bonds; an owned advance is rolled again (the next turn: P40-R-02)
    s.techs[jp] |= R.WAR_BONDS
    s.round += 1
    cost, rolls, gained = R.research(b, s, jp, 1, FixedDice([6, 5, 4]), chart=1, enabled=True)
    assert gained == [R.INCREASED_FACTORY]
    assert R.factory_limits(b, s, jp) == (12, 4, 2)


def test_1940_chart_chosen_after_success():
    """P40-R-05, P40-R-02: the chart is chosen after the research dice succeed."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True, war=False)
    us = b.power_id("United States")
    cost, rolls, gained = R.research(b, s, us, 1, FixedDice([6]), enabled=True)
    assert gained == [-1] and s.research[us] & 1
    assert _refused(lambda: R.research(b, s, us, 1, FixedDice([6]), enabled=True), "P40-R-05")
    got = R.breakthrough(b, s, us, 2, FixedDice([3]))
    assert got == R.IMPROVED_SHIPYARDS and not s.research[us] & 1
    # P40-R-23: the new sea-unit costs
    assert R.unit_cost(b, s, us, "battleship", 20) == 17
    assert R.unit_cost(b, s, us, "submarine", 6) == 5
    assert R.unit_cost(b, s, us, "infantry", 3) == 3
    assert _refused(lambda: R.breakthrough(b, s, us, 1, FixedDice([1])), "P40-R-02")


def test_1940_restrictions():
    """P40-R-01, G40-R-02, P40-E-07: R&D only when the option is used; China may not research;
    P40-T-03, P40-E-05: nor a power whose capital is held."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True, war=False)
    cn = b.power_id("China")
    jp = b.power_id("Japan")
    uk = b.power_id("United Kingdom")
    assert _refused(lambda: R.research(b, s, jp, 1, FixedDice([6, 1]), chart=1, enabled=False), "P40-R-01")
    assert _refused(lambda: R.research(b, s, cn, 1, FixedDice([6, 1]), chart=1), "P40-R-01")
    s.owner[b.capital(uk)] = jp
    assert _refused(lambda: R.research(b, s, uk, 1, FixedDice([6, 1]), chart=1), "P40-T-03")
    g = board.load("global_1940")
    sg = _state(g, treasury=True, war=False)
    assert _refused(lambda: R.research(g, sg, g.power_id("China"), 1, FixedDice([6, 1]), chart=1), "G40-R-02")


def test_1940_full_chart_refused():
    """P40-R-05 (ENGINE): a chart whose six advances are all owned may not be chosen."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True, war=False)
    jp = b.power_id("Japan")
    for t in R.CHART_2:
        s.techs[jp] |= t
    assert _refused(lambda: R.research(b, s, jp, 1, FixedDice([6, 1]), chart=2), "P40-R-05")
    assert s.treasury[jp] == 26


def test_global_uk_shares_research_cost():
    """G40-R-03, G40-E-03, G40-T-02: either UK economy pays all or part of the research; the
    breakthrough applies to the whole UK. Other powers never pay for each other (P40-E-02)."""
    b = board.load("global_1940")
    s = _state(b, treasury=True, war=False)
    uk = b.power_id("United Kingdom")
    ukp = b.power_id("United Kingdom Pacific")
    us = b.power_id("United States")
    R.research(b, s, uk, 2, FixedDice([6, 1, 6]), chart=2, paid_by=((uk, 5), (ukp, 5)))
    assert s.treasury[uk] == b.starting_treasury(uk) - 5
    assert s.treasury[ukp] == b.starting_treasury(ukp) - 5
    assert s.techs[uk] & R.HEAVY_BOMBERS and s.techs[ukp] & R.HEAVY_BOMBERS
    assert _refused(lambda: R.research(b, s, uk, 1, FixedDice([1]), chart=1, paid_by=((us, 5),)), "G40-R-03")


def test_war_bonds():
    """P40-R-15: War Bonds adds one die of IPCs at Collect Income; nothing without it, and
    nothing while the capital is held (P40-X-45)."""
    b = board.load("pacific_1940")
    s = _state(b, treasury=True, war=False)
    jp = b.power_id("Japan")
    assert R.war_bonds(b, s, jp, FixedDice([4])) == 0
    s.techs[jp] = R.WAR_BONDS
    assert R.war_bonds(b, s, jp, FixedDice([4])) == 4
    s.owner[b.capital(jp)] = b.power_id("United States")
    assert R.war_bonds(b, s, jp, FixedDice([4])) == 0


def test_chart_numbers():
    """CL-T-03, CL-T-06, CL-T-07, CL-T-08, CL-T-09, CL-T-10, CL-T-11, CL-D-26: the Classic chart
    1 Jet Power, 2 Rockets, 3 Super Submarines, 4 Long Range Aircraft, 5 Industrial Technology,
    6 Heavy Bombers. LHTR-T-04, LHTR-T-07, LHTR-T-08, LHTR-T-09, LHTR-T-10, LHTR-T-11,
    LHTR-T-12, LHTR-M-05, CL-D-25: LHTR 1 Jets, 2 Rockets, 3 Super Subs, 4 Long-Range,
    5 Combined Bombardment, 6 Heavy Bombers. the 1940 charts (below) in chart
    order. The battle engine applies the effects from these bits."""
    b = board.load("classic")
    s = _state(b, treasury=True, war=False)
    ger = b.power_id("Germany")
    names = ("jet_fighters", "rockets", "super_submarines", "long_range_aircraft",
             "industrial_technology", "heavy_bombers")
    for face in range(1, 7):
        s.techs[ger] = 0
        s.round += 1                  # one roll a turn (CL-T-02)
        R.research(b, s, ger, 1, FixedDice([6, face]))
        assert R.tech_names(s.techs[ger]) == [names[face - 1]]
    lh = board.load("revised_lhtr")
    ls = _state(lh, treasury=True, war=False)
    names = ("jet_fighters", "rockets", "super_submarines", "long_range_aircraft",
             "combined_bombardment", "heavy_bombers")
    for face in range(1, 7):
        p = face % lh.power_count
        ls.techs[p] = 0
        ls.treasury[p] = 50
        ls.round += 1                 # one development a turn (LHTR-T-02)
        R.research(lh, ls, p, 1, FixedDice([face]), tech=names[face - 1])
        assert R.tech_names(ls.techs[p]) == [names[face - 1]]
    # P40-R-11, P40-R-12, P40-R-13, P40-R-14, P40-R-15, P40-R-16 / P40-R-21, P40-R-22, P40-R-23,
    # P40-R-24, P40-R-25, P40-R-26
    c1 = ("advanced_artillery", "rockets", "paratroopers", "increased_factory_production",
          "war_bonds", "improved_mechanized_infantry")
    c2 = ("super_submarines", "jet_fighters", "improved_shipyards", "radar",
          "long_range_aircraft", "heavy_bombers")
    pb = board.load("pacific_1940")
    ps = _state(pb, treasury=True, war=False)
    jp = pb.power_id("Japan")
    for chart, table in ((1, c1), (2, c2)):
        for face in range(1, 7):
            ps.techs[jp] = 0
            ps.round += 1             # one purchase and roll of research dice a turn (P40-R-02)
            ps.treasury[jp] = 50
            R.research(pb, ps, jp, 1, FixedDice([6, face]), chart=chart)
            assert R.tech_names(ps.techs[jp]) == [table[face - 1]]


def test_tech_names_and_aliases():
    """CL-T-06, LHTR-T-02: a development is named as the rulebook prints it ("Jet Power", "Super
    Submarines") or by a short alias; an unknown name is malformed input, not a rules refusal."""
    assert R.tech_bit("Jet Power") == R.JETS
    assert R.tech_bit("jets") == R.JETS
    assert R.tech_bit("Super Submarines") == R.SUPER_SUBS
    assert R.tech_bit("long-range aircraft") == R.LONG_RANGE
    try:
        R.tech_bit("death ray")
        assert False
    except ValueError as e:
        assert not isinstance(e, RuleError)
