"""Host checks of engine_core/battle/raids.py that need CPython: exact fractions over every die
outcome, and hypothesis properties over random raids.

The expected values are worked out by hand from the rules (independently of the code):
the engine is run once per equally likely dice sequence and the average compared.
"""
import itertools
from fractions import Fraction

from hypothesis import given, settings, strategies as st

from engine_core.battle import raids as raids
from engine_core.dice import Dice, FixedDice


def _average(make, dice_count, key):
    total = Fraction(0)
    n = 0
    for seq in itertools.product(range(1, 7), repeat=dice_count):
        r = make()
        dice = FixedDice(list(seq))
        r.run_until_prompt(dice)
        total += key(r.result)
        n += 1
    return total / n


def test_classic_one_bomber_against_aa_expected_loss():
    """CL-C-52, CL-C-53: one bomber, one AA die (survives 5/6), then one bombing die
    (mean 7/2): expected loss 5/6 * 7/2 = 35/12 IPCs. All 36 (AA, bomb) sequences are
    fed; when the bomber falls the bombing die is simply not used."""
    exp = _average(lambda: raids.Raid("classic", {"bomber": 1}, aa=1, treasury=99), 2,
                   lambda res: res["ipcs_lost"])
    assert exp == Fraction(35, 12)


def test_lhtr_heavy_bomber_capped_expected_loss():
    """LHTR-T-11, LHTR-C-52: best of two dice M, capped at value 4: E[min(M, 4)] =
    sum over k=1..4 of P(M >= k) = 4 - (0 + 1 + 4 + 9)/36 = 65/18."""
    exp = _average(lambda: raids.Raid("revised_lhtr", {"bomber": 1}, treasury=99, territory_value=4,
                                      attacker_tech=("heavy_bombers",)), 2,
                   lambda res: res["ipcs_lost"])
    assert exp == Fraction(65, 18)


def test_1940_strategic_bomber_on_minor_complex_expected_damage():
    """P40-C-46, P40-C-47, P40-U-70: facility AA (survive 5/6), then die + 2 capped at 6
    on an undamaged minor IC: (3+4+5+6+6+6)/6 = 5; expected 5/6 * 5 = 25/6."""
    exp = _average(lambda: raids.Raid("pacific_1940", {"strategic_bomber": 1},
                                      targets={"minor_industrial_complex": 0}), 2,
                   lambda res: res["damage"])
    assert exp == Fraction(25, 6)


def test_1940_tactical_bomber_on_air_base_expected_damage():
    """P40-C-47, P40-U-41: a tactical bomber gets no +2: 5/6 * 7/2 = 35/12 on an air base
    (a die never exceeds the cap of 6)."""
    exp = _average(lambda: raids.Raid("pacific_1940", {"tactical_bomber": 1},
                                      targets={"air_base": 0}), 2,
                   lambda res: res["damage"])
    assert exp == Fraction(35, 12)


def test_superfortress_survival_is_33_of_36():
    """LHTR-O-55: a Superfortress falls only if the two AA dice total 3 or less: (1,1),
    (1,2), (2,1) -> 3/36; with no bombing cap trouble (value 6, die kept), the expected
    loss is 33/36 * 7/2 = 77/24."""
    exp = _average(lambda: raids.Raid("revised_lhtr", {"bomber": 1}, aa=1, treasury=99,
                                      territory_value=6, attacker_tech=("superfortresses",)), 3,
                   lambda res: res["ipcs_lost"])
    assert exp == Fraction(77, 24)


_FACS = ("major_industrial_complex", "minor_industrial_complex", "air_base", "naval_base")
_CAP = {"major_industrial_complex": 20, "minor_industrial_complex": 6, "air_base": 6, "naval_base": 6}


@settings(max_examples=150, deadline=None)
@given(strat=st.integers(0, 6), tac=st.integers(0, 4), esc=st.integers(0, 4),
       intc=st.integers(0, 4), seed=st.integers(1, 10 ** 6),
       ic=st.sampled_from((None, "major_industrial_complex", "minor_industrial_complex")),
       ab=st.booleans(), nb=st.booleans(), dmg=st.integers(0, 6),
       heavy=st.booleans(), jets=st.booleans(), radar=st.booleans(), split=st.booleans())
def test_1940_raid_invariants(strat, tac, esc, intc, seed, ic, ab, nb, dmg, heavy, jets, radar,
                              split):
    """P40-C-40..47, P40-U-70: whatever the dice and the (default) decisions, bombers and
    fighters are conserved, damage stays within each cap, and a raid saved and restored
    at every decision ends the same way."""
    targets = {}
    if ic:
        targets[ic] = min(dmg, _CAP[ic])
    if ab:
        targets["air_base"] = dmg
    if nb:
        targets["naval_base"] = dmg
    has_base = ab or nb
    if not targets or strat + (tac if has_base else 0) == 0:
        return
    if not has_base:
        tac = 0
    att = {"strategic_bomber": strat, "tactical_bomber": tac, "fighter": esc}
    plan = None
    if split:
        # declared in Combat Move: strategic bombers spread one by one over the targets,
        # tactical bombers on the bases (P40-C-45)
        order = [n for n in _FACS if n in targets]
        bases = [n for n in order if n in ("air_base", "naval_base")]
        plan = dict((n, [0, 0]) for n in order)
        for i in range(strat):
            plan[order[i % len(order)]][0] += 1
        for i in range(tac):
            plan[bases[i % len(bases)]][1] += 1
        plan = dict((n, tuple(v)) for n, v in plan.items())
    kw = dict(targets=targets, interceptors=intc, plan=plan,
              attacker_tech=(("heavy_bombers",) if heavy else ()) + (("jet_fighters",) if jets else ()),
              defender_tech=("radar",) if radar else ())
    a = raids.Raid("pacific_1940", att, **kw)
    b = raids.Raid("pacific_1940", att, **kw)
    da = Dice(seed)
    db = Dice(seed)
    while a.run_until_prompt(da) is not None:
        a.answer(a.prompt.default)
    while b.run_until_prompt(db) is not None:
        p = b.prompt
        b = raids.Raid.from_bytes("pacific_1940", b.to_bytes())
        b.answer(p.default)
    ra = a.result
    assert ra == b.result
    lost = ra["attacker_lost"]
    left = ra["bombers_left"]
    assert lost.get("strategic_bomber", 0) + left.get("strategic_bomber", 0) == strat
    assert lost.get("tactical_bomber", 0) + left.get("tactical_bomber", 0) == tac
    committed = esc                          # the default commits every escort
    assert lost.get("fighter", 0) + ra["escorts_left"] == committed
    assert ra["defender_lost"].get("fighter", 0) + ra["interceptors_left"] == intc
    for name, before, added, after in ra["facilities"]:
        assert 0 <= added and after == before + added and after <= _CAP[name]
    assert ra["damage"] == sum(f[2] for f in ra["facilities"])


@settings(max_examples=150, deadline=None)
@given(ed=st.sampled_from(("classic", "revised", "revised_lhtr")), n=st.integers(1, 8),
       aa=st.integers(0, 2), treasury=st.integers(0, 60), value=st.integers(0, 12),
       dtt=st.integers(0, 12), seed=st.integers(1, 10 ** 6), heavy=st.booleans())
def test_old_edition_payment_invariants(ed, n, aa, treasury, value, dtt, seed, heavy):
    """CL-C-54, CL-E-10, LHTR-C-52, LHTR-CHG-TECH-07: the payment never exceeds the
    treasury; LHTR damage never exceeds the value left this turn; Revised never exceeds
    the value per surviving bomber."""
    r = raids.Raid(ed, {"bomber": n}, aa=aa, treasury=treasury, territory_value=value,
                   damage_this_turn=dtt, attacker_tech=("heavy_bombers",) if heavy else ())
    assert r.run_until_prompt(Dice(seed)) is None
    res = r.result
    assert 0 <= res["ipcs_lost"] <= treasury
    assert res["ipcs_lost"] == min(res["damage"], treasury)
    survivors = res["bombers_left"].get("bomber", 0)
    if ed == "revised_lhtr":
        assert res["damage"] <= max(0, value - dtt)
    elif ed == "revised":
        assert res["damage"] <= value * survivors
    else:
        per = 18 if heavy else 6
        assert res["damage"] <= per * survivors


@settings(max_examples=120, deadline=None)
@given(ed=st.sampled_from(("classic", "revised_lhtr", "pacific_1940", "global_1940")),
       strat=st.integers(1, 5), tac=st.integers(0, 3), esc=st.integers(0, 3),
       intc=st.integers(0, 3), seed=st.integers(1, 10 ** 6), heavy=st.booleans())
def test_typed_dice_equal_the_generator(ed, strat, tac, esc, intc, seed, heavy):
    """CL-C-52, LHTR-C-51, P40-C-43, P40-C-46: the players' own dice typed in at each
    P_DICE prompt give exactly the raid the device's dice give, step by step."""
    tech = ("heavy_bombers",) if heavy else ()
    if ed in ("classic", "revised_lhtr"):
        make = lambda: raids.Raid(ed, {"bomber": strat}, aa=1, treasury=30, territory_value=8,
                                  attacker_tech=tech)
    else:
        make = lambda: raids.Raid(ed, {"strategic_bomber": strat, "tactical_bomber": tac,
                                       "fighter": esc},
                                  targets={"minor_industrial_complex": 1, "naval_base": 0},
                                  interceptors=intc, attacker_tech=tech)
    a = make()
    da = Dice(seed)
    while a.run_until_prompt(da) is not None:
        a.answer(a.prompt.default)
    b = make()
    db = Dice(seed)
    asked = 0
    while b.run_until_prompt(None) is not None:
        p = b.prompt
        if p.kind == raids.P_DICE:
            need = sum(g[2] for g in p.info[1])
            b.answer(db.roll(need))
            asked += 1
        else:
            b.answer(p.default)
    assert a.result == b.result
    assert asked >= 1


def test_corrupt_saves_are_refused():
    """P40-C-43: a save that is not a raid (wrong length, version or edition) is refused
    as malformed input, never half-loaded."""
    r = raids.Raid("pacific_1940", {"strategic_bomber": 1}, targets={"air_base": 0})
    data = r.to_bytes()
    for bad in (data[:-1], b"\x09" + data[1:], b""):
        try:
            raids.Raid.from_bytes("pacific_1940", bad)
            assert False, "accepted a corrupt save"
        except ValueError:
            pass
    try:
        raids.Raid.from_bytes("classic", data)
        assert False, "accepted another edition's save"
    except ValueError:
        pass
