"""Pipelines followed across code layouts (issue 17, held-out round 15): reader stages kept as ``@staticmethod``s
and ``@classmethod``s, called through ``self``, ``cls`` or the class's name (``migrate/static_stages.py``), and
reader helpers returning another function's result, unpacked by their caller, in the same module or another
module of the tree (``migrate/returned_calls.py``).

``r15b_programs/`` holds the programs (each form in several variants: another import style, the helper in
another module imported as a module or by name, reused names, a class method's parameter named otherwise),
migrated as one tree and run against their originals in one TensorFlow process. The text tests are the refusals
that keep the forms honest (no TensorFlow).
"""

from __future__ import annotations

import pathlib

import pytest

from both_ways import assert_delivers_the_same, migrate_folder, run_both_ways
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite

HERE = pathlib.Path(__file__).resolve().parent
PROGRAMS = HERE / "r15b_programs"


@pytest.mark.timeout(500)
def test_the_migrated_layout_programs_deliver_what_their_originals_deliver(tmp_path):
    original, migrated = tmp_path / "original", tmp_path / "migrated"
    code = migrate_folder(PROGRAMS, original, migrated)
    # the static and class method stages went into the per-record function; the others they call stay
    assert "def read_and_decode(" not in code["static_self_tfrecord.py"]
    assert "x, label = Records.decode(serialized)" in code["static_self_tfrecord.py"]
    assert "def read_row(" not in code["static_classname_csv.py"]
    assert "def read_record(" not in code["classmethod_cls_fixed.py"]
    assert "cls.RECORD_BYTES" in code["classmethod_cls_fixed.py"]  # (``klass`` read as the caller's ``cls``)
    assert "Parser.shift(features['x']) - Parser.OFFSET" in code["classmethod_classname_tfrecord.py"]
    # the helpers returning another function's tuple are functions of the record
    assert "return decode(serialized)" in code["examples.py"] and "TFRecordDataset" in \
        code["returned_call_other_module.py"]
    assert "return decode_row(line, [list(d) for d in defaults])" in code["returned_call_chain_csv.py"]
    # the file-queue helpers went with their only callers' pipelines
    assert "def file_queue(" not in code["queue_helper_same_module.py"]
    assert "def _files_queue(" not in code["queue_helper_static_stage.py"] and ".repeat(self.epochs)" in \
        code["queue_helper_static_stage.py"]
    programs = sorted(original.glob("*.py"))
    assert len(programs) >= 9
    pairs = {p.stem: (p, migrated / p.name) for p in programs}
    for name, (want, got) in run_both_ways(pairs, tmp_path / "data").items():
        assert len(want["batches"]) >= 2, name
        assert_delivers_the_same(name, want, got, "exact")


QUEUE_HELPER = (PROGRAMS / "queue_helper_same_module.py").read_text()
STATIC = (PROGRAMS / "static_self_tfrecord.py").read_text()
CLASSMETHOD = (PROGRAMS / "classmethod_cls_fixed.py").read_text()
CSV_STATIC = (PROGRAMS / "static_classname_csv.py").read_text()
CHAIN = (PROGRAMS / "returned_call_chain_csv.py").read_text()


def _refused(source: str) -> str:
    result = rewrite(source, to="tfdata")
    assert "data.Dataset" not in result.code
    return " | ".join(n.message for n in result.refused)


@pytest.mark.parametrize("source, old, new, why", [
    # a subclass's static method runs instead where ``self`` is one of its objects
    pytest.param(STATIC, "\n\ndef main(", "\n\nclass Other(Records):\n    @staticmethod\n"
                 "    def read_and_decode(filename_queue, scale):\n        return Records.read_and_decode("
                 "filename_queue, 2 * scale)\n\n\ndef main(", "is overridden by `Other`", id="static-overridden"),
    # ``self`` is not the class: an instance attribute may hide the class attribute the class method reads
    pytest.param(CLASSMETHOD, "    @classmethod\n    def batches(cls,", "    def batches(cls,",
                 "is called through the instance `cls`, which is not the class", id="classmethod-through-instance"),
    # a static method whose body names what its caller calls it on
    pytest.param(STATIC, "        x, label = Records.decode(serialized)\n",
                 "        self = Records\n        x, label = self.decode(serialized)\n",
                 "uses the name `self` its caller calls it on", id="static-uses-the-callers-name"),
    # the returned call reads a second reader: a zip of two sources, not a per-record function
    pytest.param(CHAIN, "    columns = tf.decode_csv(line, record_defaults=defaults)\n",
                 "    _, again = tf.TextLineReader().read(tf.train.string_input_producer(['x.csv']))\n"
                 "    columns = tf.decode_csv(line, record_defaults=defaults)\n",
                 "calls `read()`: a second queue or reader read in step", id="returned-call-reads"),
    # the returned call's function gives different numbers of tensors on its paths: not told
    pytest.param(CHAIN, "    total = columns[0]", "    if len(columns) > 5:\n        return columns[0], columns[1], "
                 "columns[2]\n    total = columns[0]", "returns one value that its caller unpacks",
                 id="returned-call-arity-unknown"),
    # a static method's default read where its caller now runs it, which has its own `DEFAULTS`
    pytest.param(CSV_STATIC.replace("def read_row(queue, defaults, skip=1)", "def read_row(queue, skip=1, "
                                    "defaults=DEFAULTS)").replace("read_row(queue, DEFAULTS)", "read_row(queue)"),
                 "    queue = train.string_input_producer", "    DEFAULTS = [[1], [1.0], [1]]\n    queue = "
                 "train.string_input_producer", "the default of `read_row`'s `defaults` is not a literal",
                 id="static-default-shadowed"),
    # the helper's module constant is another name where it is called: its value there is not the helper's
    pytest.param(QUEUE_HELPER, "    queue = file_queue(files, num_epochs=1)\n",
                 "    SHUFFLE = True\n    queue = file_queue(files, num_epochs=1)\n",
                 "reads `SHUFFLE`, which is another name where `file_queue` is called", id="queue-helper-shadowed"),
])
def test_a_layout_that_could_change_the_data_is_left_with_the_reason(source, old, new, why):
    changed = source.replace(old, new)
    assert changed != source
    said = _refused(changed)
    assert why in said, said


def test_a_file_queue_helper_of_another_module_is_followed_and_goes_from_its_module():
    lib = ("import tensorflow.compat.v1 as tf\n\n\ndef file_queue(files):\n"
           "    return tf.train.string_input_producer(files, num_epochs=1, shuffle=False)\n")
    main = QUEUE_HELPER.replace("\nSHUFFLE = False\n\n\ndef file_queue(files, num_epochs=None, shuffle=SHUFFLE):\n"
                                "    \"\"\"The queue of training files.\"\"\"\n    return tf.compat.v1.train."
                                "string_input_producer(files, num_epochs=num_epochs, shuffle=shuffle)\n",
                                "\nfrom pkg import sources\n")
    main = main.replace("file_queue(files, num_epochs=1)", "sources.file_queue(files)")
    assert "sources.file_queue(files)" in main and "def file_queue" not in main
    results = rewrite_tree({"/t/pkg/__init__.py": "", "/t/pkg/sources.py": lib, "/t/main.py": main}, root="/t")
    assert not results["/t/main.py"].refused, results["/t/main.py"].notes  # (foreign_queue.py)
    assert "data.Dataset.from_tensor_slices(files)" in results["/t/main.py"].code
    assert "def file_queue" not in results["/t/pkg/sources.py"].code
