"""Properties of a defending side's subs of two powers, one with Super Submarines (LHTR-T-06
LHTR-T-09), checked on many generated cases (hypothesis): casualties.choose's `plain` against
exhaustive search, and whole battles of the split run to their end against the exact odds."""
from hypothesis import given, settings, strategies as st

from engine_core.battle import casualties as cz
from engine_core.battle.steps import Battle
from engine_core.dice import Dice
from engine_core.units import U_HITS, U_ABILITIES, AB_SUBMARINE

from test_battle_properties import _units


def _brute_max(units, counts, damaged, hits, plain):
    """Largest number of hits that can be applied, by exhaustive search: the `plain` subs are
    of the class of ships (planes' hits may take them), the other subs of their own."""
    cap = []
    for u in range(len(units)):
        for i in range(counts[u]):
            two = units[u][U_HITS] >= 2
            c = (2 if i >= damaged[u] else 1) if two else 1
            cls = cz.target_class(units[u])
            if plain is not None and u == plain[0] and i < plain[1]:
                cls = cz.PLAIN_SUB
            cap.append([cls, c])
    masks = cz.GROUP_MASKS
    hl = []
    for g in range(4):
        hl += [masks[g]] * hits[g]
    best = [0]

    def go(i, got):
        if got + (len(hl) - i) <= best[0]:
            return
        if i == len(hl):
            best[0] = max(best[0], got)
            return
        for slot in cap:
            if slot[1] > 0 and slot[0] & hl[i]:
                slot[1] -= 1
                go(i + 1, got + 1)
                slot[1] += 1
        go(i + 1, got)
    go(0, 0)
    return best[0]


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
