"""Text the screens share (a leaf: imports no screen): short power names, edition and
phase titles, option words, percentages. Screens import it; it imports nothing of them.
"""

from engine_core.editions import EDITION_TITLES   # the menus' edition names, shared with the CLI

# Short power names for one-line war states (the rulebook names are long).
_SHORT = (
    ("Japan", "JPN"), ("United States", "USA"), ("China", "CHN"), ("United Kingdom", "UK"),
    ("ANZAC", "ANZ"), ("Soviet Union", "USSR"), ("Russia", "USSR"), ("Germany", "GER"),
    ("Italy", "ITA"), ("France", "FRA"), ("United Kingdom Pacific", "UKP"),
    ("United Kingdom Europe", "UKE"),
)


def short(name):
    for long_name, abbr in _SHORT:
        if long_name == name:
            return abbr
    return name[:4]


def edition_title(ed):
    for key, title in EDITION_TITLES:
        if key == ed:
            return title
    return ed


def phase_title(phase):
    """'combat_move' -> 'Combat move' (summary phases are names or ints)."""
    if not isinstance(phase, str):
        from engine_core.ledger import phases as phases
        phase = phases.name(phase)
    text = phase.replace("_", " ")
    return text[:1].upper() + text[1:]


def option_text(opt):
    if opt is True:
        return "Yes"
    if opt is False:
        return "No"
    if opt is None:
        return "None"
    if isinstance(opt, (tuple, list)):
        return " ".join([option_text(o) for o in opt])
    return str(opt).replace("_", " ")


def percent(p):
    """'62.5%' from a probability: engine_core.numfmt's, the same text on every port (float32 too);
    never '100.0%' or '0.0%' for what is not certain: '>99.9%', '<0.1%'."""
    from engine_core.numfmt import percent as shown
    text = shown(p)
    if p < 1 and text == "100.0%":
        return ">99.9%"
    if p > 0 and text == "0.0%":
        return "<0.1%"
    return text


def odds_value(result, key):
    if isinstance(result, dict):
        return result.get(key, 0)
    return getattr(result, key, 0)


def undo_text(session):
    """What an undo would take back, in a player's words ('buy 2 infantry', 'battle in Anhwe',
    'war on UK', 'end of phase'), or '' when there is nothing to undo."""
    g = session.game
    if g is None or not g.state.journal:
        return ""
    from engine_core.ledger import journal
    try:
        a = journal.decode(g.state.journal[-1])
    except ValueError:
        return "last action"
    board = session.board
    t = a["type"]
    where = ""
    if "territory" in a and isinstance(a["territory"], int) and 0 <= a["territory"] < board.territory_count:
        where = board.territory_name(a["territory"])
    if t == "purchase":
        n = 0
        for pair in a["units"]:
            n += pair[1]
        if len(a["units"]) == 1:
            return "buy " + str(n) + " " + board.unit_name(a["units"][0][0]).replace("_", " ")
        return "buy " + str(n) + (" unit" if n == 1 else " units")
    if t == "place":
        return "place in " + where
    if t == "battle":
        return "battle in " + where
    if t == "capture":
        return "capture " + where
    if t == "declare_war":
        return "war on " + short(board.power_name(a["target"]))
    if t == "end_phase":
        return "end of phase"
    if t == "collect_income":
        return "income"
    if t == "answer":
        return "answer"
    return t.replace("_", " ") + ((" " + where) if where else "")
