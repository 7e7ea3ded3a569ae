"""k readers' hand-built queue made in a helper that returns its dequeue (slim's ``parallel_read`` written out):

    def parallel_read(data_sources, num_epochs=None, num_readers=4, capacity=64, seed=None):
        filename_queue = tf.train.string_input_producer(data_sources, num_epochs=num_epochs, seed=seed)
        common_queue = tf.RandomShuffleQueue(capacity=capacity, min_after_dequeue=16, dtypes=[tf.string, tf.string])
        enqueue_ops = []
        for _ in range(num_readers):
            reader = tf.TFRecordReader()
            enqueue_ops.append(common_queue.enqueue(reader.read(filename_queue)))
        tf.train.queue_runner.add_queue_runner(tf.train.queue_runner.QueueRunner(common_queue, enqueue_ops))
        return common_queue.dequeue()

    _, data = parallel_read(files, num_epochs=1)          # in the function that parses and batches

is the k-reader pattern of ``handbuilt.py`` with the dequeue at the caller: the queue's, the file producer's and
the readers' arguments are the helper's expressions with its parameters replaced by the call's arguments (and
its defaults), as for a reader helper that makes its own producer (``helpers.py``). The helper goes when this
call is its one use; a helper of another module, or one with other callers, is refused, saying so.
"""

from __future__ import annotations

from dataclasses import replace

import libcst as cst

from tfdata_bridge._src.migrate.calls import Refusal, bind, names_in
from tfdata_bridge._src.migrate.handbuilt import Prefetch, chosen_queue, prefetch_source
from tfdata_bridge._src.migrate.helpers import _bind_call, _check_unchanged, _constants, _resolve, _unscoped


def returned_queue(fn: cst.FunctionDef) -> tuple[cst.SimpleStatementLine, str] | None:
    """(the last statement, the queue's name) where ``fn`` ends with ``return queue.dequeue()`` (its op named or
    not: ``dequeue(name='dequeue')``), perhaps as the last statement of a ``with`` block that is the function's
    last statement (slim's ``with tf.name_scope(scope, 'parallel_read'):``; ``helper_prefetch`` takes only graph
    scopes there, ``helpers._unscoped``); else None."""
    body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ()
    last = body[-1] if body else None
    while isinstance(last, cst.With) and isinstance(last.body, cst.IndentedBlock) and last.body.body:
        last = last.body.body[-1]
    if not (isinstance(last, cst.SimpleStatementLine) and len(last.body) == 1 and isinstance(last.body[0], cst.Return)):
        return None
    value = last.body[0].value
    if isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "dequeue" \
            and _named_only(value.args) and isinstance(value.func.value, cst.Name):
        return last, value.func.value.value
    return None


def _named_only(args) -> bool:
    """No argument but the op's ``name=`` (which names the graph's op, and nothing in a dataset)."""
    return all(a.keyword is not None and a.keyword.value == "name" and not a.star for a in args)


def helper_prefetch(finder, fn: cst.FunctionDef, call: cst.Call, readers_api: tuple[str, ...], site=None
                    ) -> tuple[Prefetch, dict[str, cst.BaseExpression], str, dict[str, cst.BaseExpression]]:
    """(the k-reader plan with the call's values, the file producer's arguments, the reader's class, its
    arguments) for the helper ``fn`` called by ``call``; Refusal where it is not that pattern or cannot move.
    ``site``: (the call site's Finder, its statement) where ``fn`` is another module's (``finder`` is then that
    module's): each call gets its own chain, and the helper stays there while any module names it; the names
    of its own module are reached through the module the call names (``module_names.through_module``)."""
    name = fn.name.value
    ret, qname = returned_queue(fn)  # type: ignore[misc]
    if fn.decorators or fn.asynchronous:
        raise Refusal(f"`{name}` is decorated or async")
    callers = finder.scopes.callers(fn) if site is None else [call.func]
    if len(callers) != 1 or callers[0] is not call.func:
        raise Refusal(f"`{name}` returns a hand-built queue's dequeue and is used more than once; each use would "
                      "need its own rewrite, so none is made")
    body = _unscoped(finder, list(fn.body.body))  # (a ``with tf.name_scope(...)`` block's statements in place)
    if ret not in body:
        raise Refusal(f"`{name}` returns its queue's dequeue inside a `with` block other than a graph scope "
                      "(`name_scope`, `variable_scope`, `device`, its name unread)")
    queue_stmt = finder.scopes.single_assignment(ret, qname) or \
        chosen_queue(finder, ret, qname, cst.IndentedBlock(body=tuple(body)))
    if queue_stmt is None:
        raise Refusal(f"the queue `{qname}` that `{name}` dequeues is not made by one assignment in it, nor by "
                      "each arm of one `if`/`else` of its own statements")
    plan = prefetch_source(finder, queue_stmt, qname, ret, fn)
    if plan.news:  # (its threads list would be the helper's: not followed)
        raise Refusal(f"the runner of `{name}`'s queue is started by hand there (`create_threads`)")
    if plan.per_element:
        raise Refusal(f"the readers' loop in `{name}` does more than read and enqueue")
    bound = _bind_call(fn, call)
    file_queue = plan.read.args[0].value
    if not isinstance(file_queue, cst.Name):
        raise Refusal(f"the readers in `{name}` do not read a file queue made there")
    producer = finder.scopes.single_assignment(ret, file_queue.value)
    if producer is None or producer not in body or \
            not finder.is_api(producer.body[0].value, "train.string_input_producer"):
        raise Refusal(f"the readers in `{name}` do not read one `string_input_producer` made there")
    if [r for r in finder.scopes.readers_of(producer, file_queue.value) if r is not file_queue]:
        raise Refusal(f"`{name}` uses its file queue `{file_queue.value}` beyond the readers' read")
    produced = bind(producer.body[0].value, "train.string_input_producer")
    locals_ = _constants(body, producer, bound)
    _check_unchanged(finder.scopes, body, producer, produced, locals_, bound, [producer], name)

    def moved(expr: cst.BaseExpression, what: str) -> cst.BaseExpression:
        out = _resolve(expr, bound, locals_, name)
        scope = finder.scopes.scope(ret)
        own = {a.name for a in scope.assignments} if scope is not None else set()
        if names_in(out) & own - set(bound):
            raise Refusal(f"{what} in `{name}` uses a value it computes, which the rewrite cannot move to the call")
        return out

    queue_args = {k: moved(v, f"the file queue's `{k}`") for k, v in produced.items()}
    args = {k: moved(v, f"the queue's `{k}`") for k, v in plan.args.items()}
    reader_kind = finder.is_api(plan.reader, *readers_api)
    reader_args = {k: moved(v, f"the reader's `{k}`") for k, v in bind(plan.reader, reader_kind).items()}
    readers = plan.readers if plan.readers == "1" else \
        cst.Module([]).code_for_node(moved(cst.parse_expression(plan.readers), "the number of readers"))
    arms = [(kind, {k: moved(v, f"the queue's `{k}`") for k, v in arm.items()}) for kind, arm in plan.arms]
    test = moved(plan.test, "the test choosing the queue") if plan.test is not None else None
    if site is not None:  # (another module's helper: its module's names through the module the call names)
        from tfdata_bridge._src.migrate.module_names import by_name, through_module

        here, stmt = site
        module_ref = cst.Module([]).code_for_node(call.func.value) if isinstance(call.func, cst.Attribute) else None
        named = by_name(here, finder, fn, call.func.value) if isinstance(call.func, cst.Name) else None
        call_names = set().union(*(names_in(a.value) for a in call.args)) if call.args else set()

        def reached(values: dict[str, cst.BaseExpression]) -> dict[str, cst.BaseExpression]:
            return through_module(values, call_names, finder.scopes, fn, module_ref, (here.scopes, stmt), named)

        queue_args, args, reader_args = reached(queue_args), reached(args), reached(reader_args)
        arms = [(kind, reached(arm)) for kind, arm in arms]
        if test is not None:
            test = reached({"test": test})["test"]
        if readers != "1":
            readers = cst.Module([]).code_for_node(reached({"n": cst.parse_expression(readers)})["n"])
    plan = replace(plan, args=args, readers=readers, removed=[], arms=arms, test=test)
    return plan, queue_args, reader_kind, reader_args
