"""The package's layers and its one wall around TensorFlow's internals (docs/architecture.md).

- Only ``_src/tf_private.py`` imports ``tensorflow.python`` or reads a private attribute of a TensorFlow
  object; everything else goes through it, so a TensorFlow upgrade that moves an internal breaks one file.
- ``compiler/``, ``runtime/``, ``spec/``, ``queues/`` and ``migrate/`` import nothing from ``compat/`` (the
  drop-in sits on top of them, never under them).
- A tripwire for each internal the wall uses: it still exists and still behaves as the bridge relies on, on
  the TensorFlow this suite runs against (``.ci/tf-matrix`` runs it on every version ``pyproject.toml``
  allows).
"""

from __future__ import annotations

import ast
import pathlib

import pytest

PACKAGE = pathlib.Path(__file__).resolve().parents[1] / "tfdata_bridge"
WALL = PACKAGE / "_src" / "tf_private.py"
LOWER_LAYERS = ("compiler", "runtime", "spec", "queues", "migrate")


def _sources() -> list[tuple[pathlib.Path, ast.Module]]:
    return [(p, ast.parse(p.read_text(encoding="utf-8"), str(p))) for p in sorted(PACKAGE.rglob("*.py"))]


SOURCES = _sources()


def _imported_modules(tree: ast.Module) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found += [(node.lineno, node.module)] + [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return found


def test_only_the_wall_imports_tensorflow_internals():
    offenders = [f"{path.relative_to(PACKAGE)}:{line}: {module}"
                 for path, tree in SOURCES if path != WALL
                 for line, module in _imported_modules(tree)
                 if module == "tensorflow.python" or module.startswith("tensorflow.python.")]
    assert offenders == [], "import TensorFlow internals only in _src/tf_private.py, with a reason:\n" + "\n".join(offenders)


@pytest.mark.parametrize("layer", LOWER_LAYERS)
def test_lower_layers_import_nothing_from_the_drop_in(layer):
    offenders = [f"{path.relative_to(PACKAGE)}:{line}: {module}"
                 for path, tree in SOURCES if (PACKAGE / "_src" / layer) in path.parents
                 for line, module in _imported_modules(tree)
                 if module == "tfdata_bridge._src.compat" or module.startswith("tfdata_bridge._src.compat.")]
    assert offenders == [], f"_src/{layer}/ must not import from compat/:\n" + "\n".join(offenders)


def _tensorflow_private_names() -> set[str]:
    """Private attribute names of the TensorFlow classes the bridge handles, less those the bridge's own
    classes define (an ``self._lock`` of ours is not TensorFlow's)."""
    import tensorflow as tf

    tf1 = tf.compat.v1
    classes = [tf.Graph, tf.Operation, tf.Tensor, tf.SparseTensor, tf.RaggedTensor, tf.Variable, tf.TensorSpec,
               tf.TensorShape, tf.DType, tf.data.Dataset, tf.data.Iterator, tf1.Session, tf1.InteractiveSession,
               tf1.QueueBase, tf1.ReaderBase, tf1.train.Coordinator, tf1.train.QueueRunner, tf.errors.OpError,
               tf1.train.MonitoredSession, tf.function, type(tf.constant(0)), tf.compat.v1.data.Iterator]
    with tf.Graph().as_default() as graph:  # instances too: many privates are set in __init__ (_c_op)
        tensor = tf1.constant([1.0])
        queue = tf1.FIFOQueue(2, tf.float32)
        reader = tf1.TFRecordReader()
        sess = tf1.Session()
        instances = [graph, tensor, tensor.op, queue, reader, sess, tf1.train.Coordinator()]
        sess.close()
    dataset = tf.data.Dataset.range(2)
    instances += [dataset, iter(dataset), tf.Variable(1.0), tf.constant(1)]
    names = {n for obj in classes + instances for n in dir(obj) if n.startswith("_") and not n.startswith("__")}
    ours: set[str] = set()
    for _, tree in SOURCES:
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                ours.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                ours.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                ours.add(node.id)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
                ours.add(node.value)  # __slots__ entries, getattr(self, "_x") of our own objects
    return names - ours


def test_no_private_tensorflow_attribute_outside_the_wall():
    private = _tensorflow_private_names()
    assert "_c_op" in private and "_graph_key" in private  # (the check itself sees TensorFlow's privates)
    offenders = []
    for path, tree in SOURCES:
        if path == WALL:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in private:
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: .{node.attr}")
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                  and node.func.id in ("getattr", "hasattr", "setattr") and len(node.args) >= 2
                  and isinstance(node.args[1], ast.Constant) and node.args[1].value in private):
                offenders.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.func.id}(..., {node.args[1].value!r})")
    assert offenders == [], "read TensorFlow's private attributes only in _src/tf_private.py:\n" + "\n".join(offenders)


# --- tripwires: each internal the wall wraps, on this TensorFlow ---------------------------------------------

@pytest.fixture(scope="module")
def tp():
    from tfdata_bridge._src import tf_private

    return tf_private


def test_tripwire_session_internals(tp):
    import tensorflow as tf

    tf1 = tf.compat.v1
    with tf.Graph().as_default():
        total = tf1.constant(1) + 1
        sess = tf1.Session()
        assert isinstance(sess, tp.SessionInterface)
        assert tp.can_call_like_run(sess)
        assert tp.session_call(sess, sess.make_callable(total)) == 2
        assert not tp.session_closed(sess)
        sess.close()
        assert tp.session_closed(sess)


def test_tripwire_dismantle_graph_frees_a_graph_without_a_collection(tp):
    import gc
    import weakref

    import tensorflow as tf

    assert tp._ops is not None and hasattr(tp._ops, "dismantle_graph")  # noqa: SLF001 - the wall's own handle
    gc.disable()
    try:
        graph = tf.Graph()
        with graph.as_default():
            tf.constant(1.0) * 2.0
        ref = weakref.ref(graph)
        tp.dismantle_graph(graph)
        del graph
        assert ref() is None  # freed with its last reference: no collection ran
    finally:
        gc.enable()


def test_tripwire_graph_editing(tp):
    import tensorflow as tf
    from tensorflow.core.framework import attr_value_pb2

    tf1 = tf.compat.v1
    with tf.Graph().as_default() as graph:
        a, b = tf1.constant(1), tf1.constant(10)
        out = tf1.identity(a)
        assert tp.update_input(out.op, 0, b)
        tp.set_attr(out.op, "T", attr_value_pb2.AttrValue(type=tf.int32.as_datatype_enum))
        graph.finalize()
        with tp.unfinalized(graph):
            extra = tf1.constant(5)
        assert graph.finalized
        with tf1.Session() as sess:
            assert sess.run([out, extra]) == [10, 5]


def test_tripwire_py_func_registry(tp):
    import tensorflow as tf

    def double(x):
        return x * 2

    token = tp.register_py_func(double)
    assert tp.py_func_for_token(token) is double
    tf1 = tf.compat.v1
    with tf.Graph().as_default() as graph:
        tf1.py_func(lambda: 1, [], tf.int64)
        held = tp.py_funcs_held_by(graph)
        assert isinstance(held, list) and held
        tp.keep_alive(graph, [double])
        assert double in tp.py_funcs_held_by(graph)


def test_tripwire_py_function_entry_rewraps(tp):
    # a py_function's registry entry is an EagerFunc holding the user's function in ``_func``; the kept calls
    # of a stateful py_func (compat/py_func_records.py) go around that function, not around the EagerFunc
    import tensorflow as tf

    calls = []
    with tf.Graph().as_default():
        out = tf.py_function(lambda x: x + 1, [tf.constant(1)], tf.int32)
        token = out.op.get_attr("token").decode()
    entry = tp.py_func_for_token(token)
    assert callable(entry) and not isinstance(entry, type(lambda: 0))

    def wrap(func):
        def wrapped(*args):
            calls.append(args)
            return func(*args)
        return wrapped

    copied = tp.rewrap_py_func(entry, wrap)
    assert copied is not entry and copied._func is not entry._func  # noqa: SLF001 - the field the wall relies on
    assert copied._func(1) == 2 and calls == [(1,)]  # noqa: SLF001
    plain = tp.rewrap_py_func(abs, wrap)
    assert plain(-3) == 3 and calls[-1] == (-3,)


def test_tripwire_op_tables(tp):
    assert tp.op_is_stateful("RandomUniform") and not tp.op_is_stateful("Add")
    assert not tp.op_is_stateful("no such op")
    types = tp.vectorizable_op_types()
    assert types is not None and {"AddV2", "Cast"} <= types and "DecodePng" not in types


# attributes a pfor converter may leave out without changing a value: counts, gradient flags, shapes it
# infers again, function-call settings, a loop's functions (converted as functions)
_PFOR_HARMLESS = {"N", "num_split", "num_sparse", "grad_a", "grad_b", "grad_x", "grad_y", "output_shapes",
                  "config", "config_proto", "executor_type", "sparse_gradient", "cond", "body",
                  "parallel_iterations", "element_shape", "unspecified_dims"}


def test_tripwire_pfor_converters_keep_attributes(tp):
    """Every converter ``tf.vectorized_map`` has reads each attribute of its op that can change a value, or the
    bridge knows it drops it (``PFOR_DROPPED_ATTRS``: a lift setting it is not vectorized). Read from pfor's
    source: a converter that copies the op's attributes whole keeps them all."""
    import inspect
    import re

    from tensorflow.python.framework import op_def_registry
    from tensorflow.python.ops.parallel_for import pfor

    source = inspect.getsource(pfor)
    lines = source.splitlines()
    read: dict[str, set[str]] = {}
    for node in ast.parse(source).body:
        if not isinstance(node, ast.FunctionDef):
            continue
        body = "\n".join(lines[node.lineno - 1:node.end_lineno])
        copies = ".node_def.attr" in body or "_create_op(" in body
        for deco in node.decorator_list:
            if (isinstance(deco, ast.Call) and getattr(deco.func, "id", "") in ("RegisterPFor", "RegisterPForWithArgs")
                    and deco.args and isinstance(deco.args[0], ast.Constant)):
                read[deco.args[0].value] = {"*"} if copies else set(re.findall(r'get_attr\(\s*"(\w+)"\)', body))
    missing = {}
    for op_type in tp.vectorizable_op_types():
        op_def = op_def_registry.get(op_type)
        if op_def is None or "*" in read.get(op_type, {"*"}):
            continue
        values = {a.name for a in op_def.attr if a.type not in ("type", "list(type)")}
        dropped = values - read[op_type] - _PFOR_HARMLESS - set(tp.PFOR_DROPPED_ATTRS.get(op_type, ()))
        if dropped:
            missing[op_type] = sorted(dropped)
    assert not missing, f"pfor converters drop these attributes: add them to tf_private.PFOR_DROPPED_ATTRS: {missing}"


def test_tripwire_dataset_internals(tp):
    import tensorflow as tf

    ds = tf.data.Dataset.range(3).map(lambda x: x + 1)
    ops = {node.op for node in tp.dataset_graph_def(ds).node}
    assert {"RangeDataset", "MapDataset"} <= ops
    assert isinstance(iter(ds), tp.OwnedIterator)
    with tp.silenced_deprecations():
        pass


def test_tripwire_dataset_construction_internals(tp, tmp_path):
    import tensorflow as tf

    unbatched = tp.unbatch(tf.data.Dataset.range(5).batch(2))
    ops = {node.op for node in tp.dataset_graph_def(unbatched).node}
    assert "UnbatchDataset" in ops and "MapDataset" not in ops  # (no identity map before the unbatch)
    assert list(unbatched.as_numpy_iterator()) == [0, 1, 2, 3, 4]
    assert isinstance(tp.unbatch(tf.compat.v1.data.Dataset.range(4).batch(2)), tf.compat.v1.data.Dataset)
    sparse = tf.data.Dataset.from_tensors(tf.sparse.from_dense([[1, 0], [0, 2]]))
    assert isinstance(tp.unbatch(sparse).element_spec, tf.SparseTensorSpec)  # (TensorFlow's own unbatch)
    assert [s.values.numpy().tolist() for s in tp.unbatch(sparse)] == [[1], [2]]

    text = tmp_path / "lines.txt"
    text.write_text("a\nb\n")
    records = tmp_path / "records.tfrecord"
    with tf.io.TFRecordWriter(str(records)) as writer:
        writer.write(b"x")
    for kind, path, expected in (("TextLine", text, [b"a", b"b"]), ("TFRecord", records, [b"x"])):
        one = tp.one_file_records(kind, tf.constant(str(path)))
        assert "FlatMapDataset" not in {node.op for node in tp.dataset_graph_def(one).node}
        assert list(one.as_numpy_iterator()) == expected


def test_tripwire_single_device_dataset_functions(tp):
    """``single_device``: the marked function's FunctionDef carries the attribute that makes tf.data
    instantiate it on one device; an unmarked one (the user's own tf.data code) and a marked one that
    captures a resource do not; the data are the same."""
    import tensorflow as tf

    from tfdata_bridge._src.tf import plain

    tf1 = tf.compat.v1
    with tf.Graph().as_default() as graph:
        variable = tf1.Variable(10, dtype=tf.int64, use_resource=True)
        marked = tf.data.Dataset.range(3).map(plain(lambda x: x + 1))
        theirs = tf.data.Dataset.range(3).map(lambda x: x * 2)
        captures = tf.data.Dataset.range(3).map(plain(lambda x: x + variable.read_value()))
        library = {f.signature.name: f.attr for f in graph.as_graph_def().library.function}
        maps = [op.get_attr("f").name for op in graph.get_operations() if op.type == "MapDataset"]
        single = ["experimental_ints_on_device" in library[name] for name in maps]
        assert single == [True, False, False], maps
        got = [tf1.data.make_one_shot_iterator(d).get_next() for d in (marked, theirs)]
        init = tf1.data.make_initializable_iterator(captures)
        with tf1.Session() as sess:
            sess.run([variable.initializer, init.initializer])
            assert [sess.run(got) for _ in range(3)] == [[1, 0], [2, 2], [3, 4]]
            assert [sess.run(init.get_next()) for _ in range(3)] == [10, 11, 12]
    eager = tf.data.Dataset.range(3).map(plain(lambda x: {"a": x, "b": x + 1}))  # eager: as TensorFlow makes it
    assert not any("experimental_ints_on_device" in f.attr for f in tp.dataset_graph_def(eager).library.function)
    assert [e["b"] for e in eager.as_numpy_iterator()] == [1, 2, 3]


def test_tripwire_grappler_over_a_graph_def(tp):
    """``optimize_graph``: grappler's constant folding and arithmetic optimizer, run from Python over a
    ``MetaGraphDef``, fold a divisor made of constants into ``x * Reciprocal(c)`` and keep the fetched node."""
    import tensorflow as tf
    from tensorflow.core.protobuf import config_pb2, meta_graph_pb2

    tf1 = tf.compat.v1
    with tf.Graph().as_default() as graph:
        x = tf1.placeholder(tf.float32, [4])
        y = x / tf.cast(tf.constant(255), tf.float32)
    meta = meta_graph_pb2.MetaGraphDef()
    meta.graph_def.CopyFrom(graph.as_graph_def())
    meta.collection_def["train_op"].node_list.value.append(y.op.name)
    config = config_pb2.ConfigProto()
    config.graph_options.rewrite_options.optimizers.extend(["constfold", "arithmetic"])
    config.graph_options.rewrite_options.min_graph_nodes = -1
    out = tp.optimize_graph(meta, config)
    ops = {node.name: node.op for node in out.node}
    assert ops[y.op.name] == "Mul" and "Cast" not in ops.values(), ops


def _factory_tree(graph, iterator):
    """The dataset factory of ``iterator``'s op, names aside: each node's op, attributes, device and inputs,
    from the function's result down, with its node count and whether it is stateful."""
    definition = graph._get_function(iterator._iterator_resource.op.get_attr("dataset_factory").name).definition  # noqa: SLF001
    nodes = {node.name: node for node in definition.node_def}

    def tree(ref):
        name, _, port = ref.partition(":")
        node = nodes[name]
        attrs = tuple(sorted((k, v.SerializeToString(deterministic=True)) for k, v in node.attr.items()))
        return node.op, attrs, node.device, tuple(tree(i) for i in node.input), port

    (ret,) = definition.ret.values()
    return tree(ret), len(definition.node_def), definition.signature.is_stateful


def test_tripwire_one_shot_iterator_factory_marked(tp):
    """``one_shot_iterator``: the iterator op's ``dataset_factory`` is written from the dataset's nodes, the
    same function TensorFlow's ``Defun`` makes (op for op, attributes and device, names aside), and carries
    ``_tf_data_function`` (grappler's ``IsTFDataFunction``); a second iterator over the same dataset shares it;
    TensorFlow's own iterator keeps its own factory, unmarked; a graph finalized after them runs; the values
    are TensorFlow's own iterator's."""
    import tensorflow as tf

    tf1 = tf.compat.v1
    with tf.Graph().as_default() as graph:
        dataset = tf.data.Dataset.range(4).map(lambda x: x * 2)
        its = [tp.one_shot_iterator(dataset) for _ in range(2)]
        names = [it._iterator_resource.op.get_attr("dataset_factory").name for it in its]  # noqa: SLF001
        library = {f.signature.name: f for f in graph.as_graph_def().library.function}
        assert names[0] == names[1] and names[0].endswith("_tf_data"), names
        assert library[names[0]].attr["_tf_data_function"].b
        assert [n for n in library if n.startswith("_make_dataset_")] == []  # (no Defun was made)
        theirs = tf1.data.make_one_shot_iterator(dataset)
        assert _factory_tree(graph, theirs) == _factory_tree(graph, its[0])
        library = {f.signature.name: f for f in graph.as_graph_def().library.function}
        their_name = theirs._iterator_resource.op.get_attr("dataset_factory").name  # noqa: SLF001
        assert their_name.startswith("_make_dataset_") and "_tf_data_function" not in library[their_name].attr
        got = [it.get_next() for it in (*its, theirs)]
        graph.finalize()
        with tf1.Session() as sess:
            assert [sess.run(got) for _ in range(4)] == [[i * 2] * 3 for i in range(4)]


def test_tripwire_one_shot_iterator_factory_as_tensorflow_writes_it(tp):
    """The factory written from the nodes is TensorFlow's ``Defun`` factory for each form of dataset graph the
    ``Defun`` copies its own way (a node read twice copied twice; control inputs left out; every node given the
    device scope of the call, not its own; a seed under a graph-level seed), and gives its values; where the
    ``Defun`` refuses (a placeholder) the call raises as TensorFlow's does; a device function as the scope (which
    may place each op its own way) leaves the factory to TensorFlow's ``Defun``, marked on a copy as before."""
    import numpy as np
    import tensorflow as tf

    tf1 = tf.compat.v1

    def shuffled():
        tf1.set_random_seed(7)
        return tf.data.Dataset.range(12).shuffle(5).batch(4)  # (its seed constants each read twice)

    def controlled():
        first = tf.constant([1, 2, 3], tf.int64)
        with tf1.control_dependencies([tf1.assert_positive(first)]):
            rows = tf.identity(first) * 5
        return tf.data.Dataset.from_tensor_slices(rows).repeat(2)

    def placed():
        with tf1.device("/device:CPU:0"):
            return tf.data.Dataset.from_tensor_slices({"a": tf.range(5), "b": tf.constant(list("abcde"))}).skip(1)

    def zipped():
        one = tf.data.Dataset.range(5)
        return tf.data.Dataset.zip((one, one.map(lambda x: -x))).concatenate(tf.data.Dataset.zip((one, one)))

    for name, make, scope in [("shuffle under a graph seed", shuffled, None), ("control inputs", controlled, None),
                              ("own device, none at the call", placed, None),
                              ("own device, another at the call", placed, "/job:localhost/device:CPU:0"),
                              ("one dataset read twice", zipped, "/cpu:0")]:
        with tf.Graph().as_default() as graph, graph.device(scope):
            dataset = make()
            mine, theirs = tp.one_shot_iterator(dataset), tf1.data.make_one_shot_iterator(dataset)
            factory = mine._iterator_resource.op.get_attr("dataset_factory").name  # noqa: SLF001
            assert factory.startswith("tfdb_make_dataset_"), (name, factory)
            assert _factory_tree(graph, mine) == _factory_tree(graph, theirs), name
            ops = [it._iterator_resource.op.node_def for it in (mine, theirs)]  # noqa: SLF001
            for node in ops:
                del node.attr["dataset_factory"]
            assert [(n.op, n.device, dict(n.attr)) for n in ops[:1]] == [(n.op, n.device, dict(n.attr)) for n in ops[1:]]
            both = [mine.get_next(), theirs.get_next()]
            with tf1.Session() as sess:
                for _ in range(10):
                    try:
                        a, b = sess.run(both)
                    except tf.errors.OutOfRangeError:
                        break
                    tf.nest.map_structure(np.testing.assert_array_equal, a, b)
    with tf.Graph().as_default():
        fed = tf.data.Dataset.from_tensor_slices(tf1.placeholder(tf.int64, [3]))
        for make in (tp.one_shot_iterator, tf1.data.make_one_shot_iterator):
            with pytest.raises(ValueError, match="Cannot capture a placeholder"):
                make(fed)
    with tf.Graph().as_default() as graph, graph.device(lambda op: "/device:CPU:0"):
        dataset = tf.data.Dataset.range(3)
        mine = tp.one_shot_iterator(dataset)
        theirs = tf1.data.make_one_shot_iterator(dataset)
        names = [it._iterator_resource.op.get_attr("dataset_factory").name for it in (mine, theirs)]  # noqa: SLF001
        assert names[0] == names[1] + "_tf_data", names
        with tf1.Session() as sess:
            assert [sess.run([mine.get_next(), theirs.get_next()]) for _ in range(3)] == [[0, 0], [1, 1], [2, 2]]


def test_tripwire_pybind11_interrupt_text(tp):
    assert tp.is_pybind11_interrupt(RuntimeError("Error ... REPLACED BY KeyboardInterrupt: <no message>"))
    assert not tp.is_pybind11_interrupt(RuntimeError("something else"))
    assert not tp.is_pybind11_interrupt(KeyboardInterrupt())


def test_tripwire_queue_and_dtype_internals(tp):
    import tensorflow as tf

    tf1 = tf.compat.v1
    assert tp.is_ref_dtype(tf.float32._as_ref) and not tp.is_ref_dtype(tf.float32)  # noqa: SLF001
    with tf.Graph().as_default():
        named = tf1.FIFOQueue(2, [tf.int32, tf.float32], names=["a", "b"])
        one = tf1.FIFOQueue(2, tf.int32)
        out = tp.dequeue_return_value(named, [tf1.constant(1), tf1.constant(2.0)])
        assert isinstance(out, dict) and set(out) == {"a", "b"}
        lone = tp.dequeue_return_value(one, [tf1.constant(1)])
        assert isinstance(lone, tf.Tensor)


def test_tripwire_every_internal_module_is_there(tp):
    # a missing one is logged and the bridge runs degraded (tf_private.MISSING); on a TensorFlow that
    # pyproject.toml allows, none is missing
    assert tp.MISSING == []


def test_the_wall_degrades_rather_than_fails_at_import_when_an_internal_is_gone():
    import os
    import subprocess
    import sys

    child = (
        "import tensorflow as tf\n"
        "import importlib\n"
        "real = importlib.import_module\n"
        "def fake(name, *a, **k):\n"
        "    if name == 'tensorflow.python.ops.script_ops': raise ImportError(name)\n"
        "    return real(name, *a, **k)\n"
        "importlib.import_module = fake\n"
        "from tfdata_bridge._src import tf_private as tp\n"
        "importlib.import_module = real\n"
        "print(tp.MISSING)\n"
        "print(tp.py_func_for_token('x'))\n"
        "try:\n"
        "    tp.register_py_func(len)\n"
        "except RuntimeError as e:\n"
        "    print('refused:', e)\n"
    )
    env = {**os.environ, "TF_CPP_MIN_LOG_LEVEL": "2", "PYTHONPATH": str(PACKAGE.parent)}
    out = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True, timeout=300, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    lines = out.stdout.strip().splitlines()
    assert "tensorflow.python.ops.script_ops" in lines[0]
    assert lines[1] == "None"
    assert lines[2].startswith("refused: this TensorFlow has no py_func registry")
    assert "runs degraded" in out.stderr
