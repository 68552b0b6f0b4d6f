"""Navigation between screens through one function: `screen(name)` gives the screen class
(or screen-making function) of that name, importing its module on first use. Screens open one
another only through it, so no screen module imports another (no import cycle) and a screen's
module is loaded only when it is first shown (device heap).
"""

_WHERE = (
    ("Home", "system"), ("Settings", "system"),
    ("NewGame", "game"), ("Dashboard", "game"), ("Purchase", "game"), ("War", "game"),
    ("unplaced", "game"), ("undo_last", "game"), ("PromptMenu", "game"),
    ("Commitment", "trust"), ("TournamentMenu", "trust"), ("confirm_finish", "trust"),
    ("Luck", "trust"), ("Finished", "trust"), ("PlayersNumber", "trust"),
    ("Mobilize", "turn"), ("Convoy", "turn"), ("CombatMenu", "turn"), ("TerritoryPicker", "turn"),
    ("BattleSetup", "battle"), ("BattleRun", "battle"), ("event_lines", "battle"),
    ("outcome_side", "battle"), ("add_log", "battle"), ("raid_pick", "raid"),
    ("raid_saved", "raid"), ("raid_resume", "raid"), ("rocket_pick", "rocket"),
    ("Attract", "kiosk"), ("Guided", "kiosk"),
)


def screen(name):
    """The screen class (or function) called `name`; KeyError names an unknown one."""
    for n, module in _WHERE:
        if n == name:
            m = __import__("firmware.screens." + module, None, None, (name,))
            return getattr(m, name)
    raise KeyError("no screen " + name)
