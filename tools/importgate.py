"""Static gate: engine_core and board_defs stay inside the MicroPython subset.

Parses every module's imports (and a few syntax forms) with `ast` and reports
anything outside the allowed set, naming the file and line. Used by
tests/host/test_import_gate.py, which runs it on the real tree and on
temporary bad modules.
"""
import ast
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The MicroPython-available stdlib the engine may use (DEVELOPERS brief / issue 2).
STDLIB_ALLOWED = ("gc", "micropython", "sys", "struct", "json", "math", "time", "array")
# Host-only parts of engine_core: never imported on the device, exempt from the subset.
HOST_ONLY = ("engine_core/__main__.py", "engine_core/host/")

RULES = {
    # tree: modules of the project it may import
    "engine_core": ("engine_core", "board_defs"),
    "board_defs": ("board_defs", "engine_core"),
}


def _is_host_only(rel):
    rel = rel.replace(os.sep, "/")
    for h in HOST_ONLY:
        if rel == h or rel.startswith(h):
            return True
    return False


def _guarded(node, parents):
    """True when the import sits in a `try:` whose handler catches ImportError
    (the documented way to use typing annotations on the host only)."""
    for p in parents:
        if isinstance(p, ast.Try):
            for h in p.handlers:
                names = []
                if isinstance(h.type, ast.Name):
                    names = [h.type.id]
                elif isinstance(h.type, ast.Tuple):
                    names = [e.id for e in h.type.elts if isinstance(e, ast.Name)]
                if "ImportError" in names or "Exception" in names:
                    return True
    return False


def check_source(source, rel, tree_name):
    """Problems in one module's source, as 'file:line: message' strings."""
    try:
        tree = ast.parse(source, rel)
    except SyntaxError as e:
        return ["%s:%s: syntax error: %s" % (rel, e.lineno, e.msg)]
    allowed_project = RULES[tree_name]
    problems = []

    def visit(node, parents):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            if isinstance(node, ast.Import):
                mods = [a.name for a in node.names]
            elif node.level:  # relative import stays inside the package
                mods = []
            else:
                mods = [node.module or ""]
            for mod in mods:
                top = mod.split(".")[0]
                if top in allowed_project:
                    if top == "engine_core" and (mod == "engine_core.__main__" or mod.startswith("engine_core.host")):
                        problems.append("%s:%d: imports host-only module %s" % (rel, node.lineno, mod))
                    continue
                if top in STDLIB_ALLOWED:
                    continue
                if _guarded(node, parents):
                    continue
                problems.append("%s:%d: imports %s, which is outside the MicroPython subset allowed in %s/ "
                                "(allowed: the project's own modules and %s)"
                                % (rel, node.lineno, mod, tree_name, ", ".join(STDLIB_ALLOWED)))
        if type(node).__name__ == "Match":
            problems.append("%s:%d: uses a `match` statement, which MicroPython does not have" % (rel, node.lineno))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("eval", "exec"):
            problems.append("%s:%d: calls %s(), not allowed in the engine" % (rel, node.lineno, node.func.id))
        for child in ast.iter_child_nodes(node):
            visit(child, parents + [node])

    visit(tree, [])
    return problems


def check_tree(root=ROOT):
    problems = []
    for tree_name in ("engine_core", "board_defs"):
        for base, dirs, files in os.walk(os.path.join(root, tree_name)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for f in sorted(files):
                if not f.endswith(".py"):
                    continue
                path = os.path.join(base, f)
                rel = os.path.relpath(path, root).replace(os.sep, "/")
                if _is_host_only(rel):
                    continue
                with open(path, encoding="utf-8") as fh:
                    problems.extend(check_source(fh.read(), rel, tree_name))
    return problems


if __name__ == "__main__":
    import sys
    found = check_tree()
    for p in found:
        print(p)
    print("import gate: %d problem(s)" % len(found))
    sys.exit(1 if found else 0)
