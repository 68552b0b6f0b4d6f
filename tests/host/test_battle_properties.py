"""Properties of the battle engine checked on many generated cases (hypothesis)."""
from hypothesis import given, settings, strategies as st

from engine_core.battle import casualties as cz
from engine_core.battle.steps import Battle
from engine_core.dice import Dice, FixedDice
from engine_core.units import U_HITS

EDITIONS = ("classic", "revised_lhtr", "pacific_1940")


def _units(ed):
    mod = __import__("board_defs.%s.units" % ed, None, None, ("UNITS",), 0)
    return mod.UNITS, mod.COMBAT_FLAGS


def _brute_max(units, counts, damaged, hits, plain=None):
    """Largest number of hits that can be applied, by exhaustive search (independent of choose);
    `plain` = (unit, k): k of those subs are of the class of ships (test_super_subs_properties)."""
    cap = []
    for u in range(len(units)):
        for i in range(counts[u]):
            two = units[u][U_HITS] >= 2
            c = (2 if i >= damaged[u] else 1) if two else 1
            cls = cz.target_class(units[u])
            if plain is not None and u == plain[0] and i < plain[1]:
                cls = cz.PLAIN_SUB
            cap.append([cls, c])
    masks = (7, 6, 5, 1)
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
@given(st.sampled_from(EDITIONS), st.data())
def test_default_casualties_apply_as_many_hits_as_possible(ed, data):
    """P40-C-83 P40-C-84 P40-U-43 CL-U-82 LHTR-U-80: the default order of loss applies the largest
    possible number of hits given the targeting limits (checked against exhaustive search)."""
    units, flags = _units(ed)
    n = len(units)
    counts = [0] * n
    damaged = [0] * n
    for u in range(n):
        if units[u][U_HITS] >= 1 and data.draw(st.booleans()):
            counts[u] = data.draw(st.integers(0, 2))
            if units[u][U_HITS] >= 2 and counts[u]:
                damaged[u] = data.draw(st.integers(0, counts[u]))
    hits = tuple(data.draw(st.integers(0, 2)) for _ in range(4))
    lost, dmg = cz.choose(units, counts, damaged, hits, data.draw(st.booleans()), flags)
    got = cz.hits_absorbed(units, lost, dmg, damaged)
    assert got == _brute_max(units, counts, damaged, hits)
    for u in range(n):
        assert 0 <= lost[u] <= counts[u]
        assert 0 <= dmg[u] <= counts[u] - damaged[u]


_MIX = {
    "classic": ("infantry", "armor", "fighter", "bomber", "battleship", "aircraft_carrier", "submarine",
                "transport", "antiaircraft_gun"),
    "revised_lhtr": ("infantry", "artillery", "armor", "fighter", "bomber", "battleship", "destroyer",
                     "aircraft_carrier", "submarine", "transport", "antiaircraft_gun"),
    "pacific_1940": ("infantry", "artillery", "mechanized_infantry", "tank", "aaa", "fighter",
                     "tactical_bomber", "strategic_bomber", "battleship", "aircraft_carrier", "cruiser",
                     "destroyer", "submarine", "transport"),
}
_LAND = ("infantry", "artillery", "mechanized_infantry", "tank", "armor", "aaa", "antiaircraft_gun")
_SEA = ("battleship", "aircraft_carrier", "cruiser", "destroyer", "submarine", "transport")


def _side(data, ed, kind, attacking):
    out = {}
    for name in _MIX[ed]:
        if kind == "land" and name in _SEA:
            continue
        if kind == "sea" and name in _LAND:
            continue
        if attacking and name in ("aaa", "antiaircraft_gun"):
            continue
        k = data.draw(st.integers(0, 3))
        if k:
            out[name] = k
    return out


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(EDITIONS), st.sampled_from(("land", "sea")), st.integers(1, 10 ** 6), st.data())
def test_battles_end_keep_units_and_resume(ed, kind, seed, data):
    """P40-C-90 P40-C-92 LHTR-C-35 CL-C-15: generated battles end; every unit is a survivor or a
    loss (or retreated/submerged); a power cut at any prompt changes nothing."""
    att = _side(data, ed, kind, True)
    dfd = _side(data, ed, kind, False)
    try:
        b = Battle(ed, kind, att, dfd)
    except ValueError:
        return     # e.g. a 1940 carrier attacking alone (P40-U-58)
    values = Dice(seed=seed).roll(3000)
    cut = data.draw(st.integers(0, 6))
    d1 = FixedDice(values)
    prompts = 0
    while True:
        p = b.run_until_prompt(d1)
        if p is not None and prompts == cut:
            b = Battle.from_bytes(ed, b.to_bytes())
            p = b.run_until_prompt(d1)
        if p is None:
            break
        prompts += 1
        b.answer(None)
    ref = Battle(ed, kind, att, dfd)
    d2 = FixedDice(values)
    while True:
        p = ref.run_until_prompt(d2)
        if p is None:
            break
        ref.answer(None)
    assert ref.result == b.result
    r = b.result
    for side, start in ((0, att), (1, dfd)):
        n = 0
        for k in start:
            n += start[k]
        assert sum(r["survivors"][side]) + sum(r["lost"][side]) == n
