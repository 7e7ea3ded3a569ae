"""A summary of a per-record value beside the pipeline, which nothing writes:

    key, record = reader.read(filename_queue)
    features, scores = decode(record)
    game_length = tf.size(scores)                     # a name read only by summaries: goes
    tf.summary.scalar('game_length', game_length)     # a summary statement of its own: goes, with a note
    return tf.train.shuffle_batch([features, scores], ...)

The per-record tensors move into the dataset's map function, where a summary op would never be written (it
lands in the function's graph), and it cannot stay outside: there nothing holds the record any more. Legacy's
summary ran only when a merged summary op was run; each such run read a record of its own from the reader,
beside the batch's queue runners, so a program that writes summaries had other data. So the summary goes only
where nothing in the tree can run it: no ``summary.merge_all`` / ``summary.merge``, no read of the summaries
collection, no ``Supervisor`` / ``MonitoredTrainingSession`` / ``SummarySaverHook`` / ``Scaffold`` (they merge
the collection themselves); there, it is refused with that reason. What goes: statements of the pipeline's
function, each an expression statement calling a ``summary`` op of TensorFlow, or an assignment of one name,
made by TensorFlow ops alone (no ``run`` / ``eval``), read by such statements alone. Any other use keeps the
recogniser's refusal ("also used outside the pipeline").
"""

from __future__ import annotations

import re

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, code_of, nodes_of
from tfdata_bridge._src.migrate.queue_size import parents

_DEPTH = 4
_WRITERS = re.compile(r"\bmerge_all\b|\bsummary\.merge\b|\bmerge\s*\(|SUMMARIES|\bSupervisor\b|"
                      r"\bMonitoredTrainingSession\b|\bSummarySaverHook\b|\bScaffold\b")


def drop_record_summary(finder, stmt: cst.CSTNode, ref: cst.Name, p) -> bool:
    """Whether ``ref`` (a read of a name the pipeline moves into its map function, bound by ``stmt``) is read
    only by summaries that may go (module docstring): they are added to the pipeline's removes, with a note;
    False where it is read otherwise (nothing changed)."""
    scope = finder.scopes.scope(stmt)
    root = getattr(scope, "node", None)
    if root is None or finder.scopes.scope(ref) is not scope:
        return False
    up = parents(root)
    gone: list[cst.SimpleStatementLine] = []
    summaries: list[str] = []
    if not _follow(finder, up, ref, gone, summaries, 0):
        return False
    module = next((n for n in finder.scopes.scopes if isinstance(n, cst.Module)), None)
    texts = [code_of(module)] if module is not None else []
    other = getattr(finder.external, "other_texts", None) if finder.external is not None else None
    texts += list(other()) if other is not None else []
    for text in texts:
        found = _WRITERS.search(text)
        if found is not None:
            raise Refusal(f"`{ref.value}` is read by the summary `{summaries[0]}`, and the program can write "
                          f"summaries (`{found.group(0).strip()}`): each run of it read a record of its own in "
                          "legacy, and in tf.data's map function it would never be written; not rewritten: drop "
                          "the summary, or keep the queues (`migrate --to compat`)")
    p.source.removes.extend(g for g in gone if all(g is not r for r in p.source.removes))
    said = " and ".join(f"`{s}`" for s in dict.fromkeys(summaries))
    note = (f"the summar{'y' if len(set(summaries)) == 1 else 'ies'} {said} of a per-record value dropped "
            "(nothing here writes summaries; in the map function it would never be written)")
    if note not in p.accepted:
        p.accepted.append(note)
    return True


def _statement(up, node: cst.CSTNode) -> tuple[cst.CSTNode | None, cst.CSTNode | None]:
    """(the small statement holding ``node``, the child of it on the way), the line holding it."""
    child, parent = node, up.get(id(node))
    while parent is not None and not isinstance(parent, (cst.BaseSmallStatement, cst.BaseCompoundStatement)):
        child, parent = parent, up.get(id(parent))
    return parent, child


def _ops_only(finder, expr: cst.CSTNode) -> bool:
    """Every call in ``expr`` makes a TensorFlow op (none runs one)."""
    for call in nodes_of(expr, cst.Call):
        api = finder.api(call)
        if api is None or "run" in api.split(".")[-1] or "eval" in api.split(".")[-1]:
            return False
        if isinstance(call.func, cst.Attribute) and call.func.attr.value in ("run", "eval"):
            return False
    return True


def _follow(finder, up, ref: cst.Name, gone: list, summaries: list, depth: int) -> bool:
    small, child = _statement(up, ref)
    line = up.get(id(small)) if small is not None else None
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        return False
    if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
        path = finder.api(small.value) or ""
        if "summary" not in path.split(".")[:-1] or not _ops_only(finder, small.value):
            return False
        if all(line is not g for g in gone):
            gone.append(line)
            summaries.append(" ".join(finder.code(small.value).split()) if finder.code is not None
                             else path)
        return True
    if isinstance(small, cst.Assign) and child is small.value and depth < _DEPTH and len(small.targets) == 1 \
            and isinstance(small.targets[0].target, cst.Name) and _ops_only(finder, small.value):
        name = small.targets[0].target.value
        reads = finder.scopes.readers_of(line, name)
        if not reads:  # (a tensor the program may run by its graph name)
            return False
        if all(line is not g for g in gone):
            gone.append(line)
        return all(_follow(finder, up, r, gone, summaries, depth + 1) for r in reads)
    return False
