"""Properties of a defending side's subs of two powers, one with Super Submarines (LHTR-T-06
LHTR-T-09), checked on many generated cases (hypothesis): casualties.choose's `plain` against
exhaustive search, and whole battles of the split run to their end against the exact odds."""
from hypothesis import given, settings, strategies as st

from engine_core.battle import casualties as cz
from engine_core.battle.steps import Battle
from engine_core.dice import Dice
from engine_core.units import U_HITS, U_ABILITIES, AB_SUBMARINE

from test_battle_properties import _units, _brute_max


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_choose_with_plain_subs_applies_as_many_hits_as_possible_plain_first(data):
    """LHTR-T-09 LHTR-U-80 LHTR-A-10: with `plain` subs (planes may hit them) the default order of
    loss and a player's order apply the largest possible number of hits (exhaustive search), and
    the losses read plain first (of lost subs the first min(lost, plain) are the plain ones) can
    all be matched to hits that may take them."""
    units, flags = _units("revised_lhtr")
    n = len(units)
    sub = [u for u in range(n) if units[u][U_ABILITIES] & AB_SUBMARINE][0]
    counts = [0] * n
    none = [0] * n
    for u in range(n):
        if units[u][U_HITS] == 1 and data.draw(st.booleans()):
            counts[u] = data.draw(st.integers(0, 2))
    counts[sub] = data.draw(st.integers(1, 3))
    k = data.draw(st.integers(0, counts[sub]))
    hits = tuple(data.draw(st.integers(0, 2)) for _ in range(4))
    best = _brute_max(units, counts, none, hits, (sub, k))
    order = tuple(data.draw(st.permutations(list(range(n)))))
    for o in (None, order):
        lost, dmg = cz.choose(units, counts, none, hits, False, flags, o, (sub, k))
        got = cz.hits_absorbed(units, lost, dmg, none)
        assert got == best and sum(lost) == got
        taken = min(lost[sub], k)
        assert _brute_max(units, lost, none, hits, (sub, taken)) == got


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10 ** 6), st.integers(1, 3), st.integers(0, 3), st.integers(0, 2),
       st.integers(0, 1), st.integers(0, 1))
def test_battles_of_the_split_end_and_keep_the_owners(seed, subs, supers, fighters, dd, ad):
    """LHTR-T-06 LHTR-T-09: planes (and a destroyer or not) against subs of two powers and a
    destroyer or not, on the engine's dice with the default answers: the battle ends, the subs
    with Super Submarines left are never more than those given, and a super sub is lost to planes
    only with an attacking destroyer (no destroyer, no other attacking ship: every sub lost was
    one without them)."""
    supers = min(supers, subs)
    a = {"fighter": fighters + 1}
    if ad:
        a["destroyer"] = 1
    d = {"submarine": subs}
    if dd:
        d["destroyer"] = 1
    b = Battle("revised_lhtr", "sea", a, d, {"defender_tech": ("super_submarines",),
                                             "defender_teched": {"submarine": supers}})
    dice = Dice(seed)
    guard = 0
    while b.result is None:
        p = b.run_until_prompt(dice)
        if p is not None:
            b.answer(None)
        guard += 1
        assert guard < 500
    u = b.board.unit_id("submarine")
    lost = b.result["lost"][1][u]
    left = b.alive[1][u]
    assert lost + left + b.subm[1][u] == subs
    t, plain = b.teched_free(u) if left else (0, 0)
    assert t <= supers
    if not ad:
        assert lost <= subs - supers
