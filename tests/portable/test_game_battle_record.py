# gate heap: 216K (smallest heap that passes: 196K on the unix port, 2026-11-28; +16K headroom, since
# the collector scans the C stack conservatively and a run can need a few KB more: CI ran out once
# at 4K above its smallest)
# Was 200K (a Global 1940 game's ledger code sits in the unix port's heap beside its data;
# it grew ~4-8 KB this session with the rulings of issue 16 and the input checks of issue 17; a
# board runs it frozen from flash: bench_firmware's Global session-data peak is 91.6 KB of 150 KB)
"""Recording a battle's result in the ledger without re-running it (issue 5)."""
from engine_core.ledger.game import Game
from portable_helpers import _to


def test_battle_result_recorded_without_rerunning():
    """P40-C-100, P40-C-101: a battle's result (battle.py) is recorded as one action: the
    territory changes hands when land units survive, with the IPCs each side lost
    (2 Japanese infantry against 1 Chinese infantry, dice 1 / 6 / 6: the defender dies)."""
    from engine_core.battle.steps import Battle
    from engine_core.dice import FixedDice
    g = Game.new("pacific_1940")
    bt = Battle(g.board, "land", {"infantry": 2}, {"infantry": 1})
    bt.run_until_prompt(FixedDice([1, 6, 6]))
    _to(g, "Japan", "combat")
    ev = g.apply({"type": "battle", "territory": "Yunnan", "result": bt.result})
    assert (23, g.board.territory_id("Yunnan"), 0, 0, 3) in ev
    assert g.summary()["production"]["Japan"] == 27 and g.summary()["production"]["China"] == 11
    g.undo()
    g.apply({"type": "battle", "territory": "Yunnan", "captured": 0, "attacker_ipc": 6, "defender_ipc": 0})
    assert g.summary()["production"]["Japan"] == 26
