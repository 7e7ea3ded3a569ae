"""The migration corpus (tests/migrate_corpus): each legacy program, migrated, delivers what the original does.

A program the recogniser rewrites (``REWRITTEN``) is migrated ``--to tfdata``: the result imports neither the
bridge nor a queue API, and delivers the original's batches (the same order where the original is
deterministic, the same multiset and batch sizes where not) and the same end of data. A program it leaves
(``LEFT``) is migrated ``--to compat`` instead (the fallback) and must deliver the same. One subprocess runs
every original, one every migrated form (``both_ways.py``).
"""

from __future__ import annotations

import functools
import pathlib

import pytest
from both_ways import CORPUS, assert_delivers_the_same, results, start
from scan_agreement import assert_column_agrees, migrated_together, scan_and_migrate

from tfdata_bridge._src.symbols import STARTS_RUNNERS
from tfdata_bridge._src.migrate.recognize import recognize
from tfdata_bridge._src.migrate.results import RewriteResult
from tfdata_bridge._src.migrate.tree import rewrite_tree
from tfdata_bridge.migrate import rewrite, scan_source

pytestmark = pytest.mark.timeout(900)

# program -> how its batches compare with the original's: "order" or "multiset"
REWRITTEN: dict[str, str] = {
    "batch_helper_dict": "order",
    "batch_helper_flag": "order",
    "batch_join_list_comp": "multiset",
    "callable_stopiteration": "order",
    "cifar_record_check_files": "order",
    "cifar_style_input": "multiset",
    "config_object_batch": "order",
    "csv_defaults_var": "order",
    "dataset_into_batch_hybrid": "order",
    "device_name_scope_tf2": "multiset",
    "dict_batch_helper_same_module": "order",
    "dict_parse_shuffle": "multiset",
    "enqueue_loop_fifo": "multiset",
    "feed_thread_class": "order",
    "fifo_runner_times_n": "multiset",
    "fixed_length_module_consts": "order",
    "fixed_length_v1_from_import": "multiset",
    "fixed_steps_no_coord": "order",
    "from_import_train_dict": "order",
    "fullpath_tf2_import": "order",
    "generator_pyfunc_shuffle": "multiset",
    "helper_extra_params": "order",
    "helper_in_batch_call": "multiset",
    "helper_inline_producer": "order",
    "helper_other_module": "order",
    "helper_read_and_decode": "order",
    "helper_shuffle_tf1alias": "multiset",
    "howto_input_pipeline": "multiset",
    "image_folder_slices": "order",
    "image_paths_labels": "order",
    "inline_reader": "order",
    "input_producer_rows": "order",
    "iterator_method_shuffle_batch": "multiset",
    "join_class_readers": "multiset",
    "join_reader_loop": "multiset",
    "join_readers_howto": "multiset",
    "keyword_args": "order",
    "loader_class_method": "order",
    "match_once_wholefile": "order",
    "maybe_batch_helper": "order",
    "maybe_shuffle_keep": "multiset",
    "monitored_csv": "order",
    "monitored_session_tfrecord_python_imports": "order",
    "monitored_stop_hook": "order",
    "monitored_training_session": "order",
    "name_clash_dataset": "order",
    "name_reuse_scopes": "order",
    "parser_helper_scope": "multiset",
    "prefetch_queue_runner": "multiset",
    "prefetch_queue_size_summary": "multiset",
    "ptb_range_producer": "order",
    "pyfunc_closure_iterator": "order",
    "pyfunc_lambda_next": "order",
    "pyfunc_method_producer": "order",
    "pyfunc_queue_collection": "order",
    "pyfunc_threads_stopiteration": "multiset",
    "python_coordinator_imports": "order",
    "python_imports": "order",
    "read_up_to_enqueue_many": "order",
    "reader_first_dict_batch": "order",
    "record_object_cifar": "order",
    "shuffle_queue_up_to_helper": "multiset",
    "shuffle_flag_producer": "order",
    "single_example_helper": "multiset",
    "slice_numpy_batch": "order",
    "slice_paths_read_file": "order",
    "slice_shuffled_seed": "multiset",
    "start_runners_no_args": "multiset",
    "stopiteration_pyfunc": "order",
    "supervisor_fixed_length": "order",
    "supervisor_loop": "multiset",
    "supervisor_step_count": "order",
    "text_feeder_thread_class": "order",
    "tfrecord_helper_other_names": "order",
    "tfrecord_model_class": "multiset",
    "two_files_lists_eval": "order",
    "two_pipelines_reused_names": "order",
    "wholefile_camel": "order",
    "wholefile_helper_key": "order",
    "reader_class_other_module": "order",
    "join_method_more_than_read": "multiset",
    "helper_two_returns": "order",
    "self_method_dict_batch": "order",
    "prefetch_dict_other_module": "order",
    "prefetch_shuffle_batch_slim": "multiset",
    "feed_threads_loop_fifo": "multiset",
    "feed_thread_scope_session_shuffle": "multiset",
    "feed_class_stop_method": "order",
    "feed_thread_enqueue_many_forever": "order",
    "key_used_tfrecord": "order",
    "segmentation_reader_class": "order",  # a pipeline kept on an object's attributes (object_pipeline.py)
    "batch_inside_reader_flag": "order",  # a file queue handed to a function whose batch a flag chooses (choice.py)
}
LEFT: dict[str, str] = {
    "enqueue_thread_subclass": "order",
}
ALL = {**REWRITTEN, **LEFT}
HELPERS = {"helper_other_module": ["readers"], "reader_class_other_module": ["class_readers"], "prefetch_dict_other_module": ["prefetchers"]}  # folders of modules a program imports from the tree


def test_the_corpus_lists_every_program():
    on_disk = {p.stem for p in CORPUS.glob("*.py")}
    assert on_disk == set(ALL)


def _tree(name: str) -> list[pathlib.Path]:
    return [CORPUS / f"{name}.py"] + [p for sub in HELPERS.get(name, []) for p in sorted((CORPUS / sub).rglob("*.py"))]


@functools.lru_cache(maxsize=None)
def _together() -> dict[pathlib.Path, RewriteResult]:
    """The corpus migrated as ``migrate --to tfdata tests/migrate_corpus`` migrates it: every module of the folder
    in one tree (a program's helpers in other modules included), through ``scan_agreement.shared_rewrite``, so
    the scan check below reads the same rewrite (a result is only read)."""
    with pytest.MonkeyPatch.context() as patch:
        return {pathlib.Path(p).resolve(): r for p, r in migrated_together(CORPUS, patch).items()}


@functools.lru_cache(maxsize=None)  # the fixture and test_a_rewritten_program_... share one rewrite a program
def _migrated(name: str, to: str) -> dict[pathlib.Path, RewriteResult]:
    """The program and the modules it imports from the tree, migrated (a result is only read)."""
    files = _tree(name)
    if to == "tfdata":
        together = _together()
        return {p: together[p.resolve()] for p in files}
    return {p: rewrite(p.read_text(), to=to) for p in files}


def _migrate_tree(name: str, folder: pathlib.Path, to: str) -> None:
    for path, result in _migrated(name, to).items():
        out = folder / path.relative_to(CORPUS)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(result.code)


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, dict[str, dict]]:
    root = tmp_path_factory.mktemp("migrate_corpus")
    migrated = root / "migrated"
    migrated.mkdir()
    for name in ALL:
        _migrate_tree(name, migrated, "tfdata" if name in REWRITTEN else "compat")
    # the originals and the migrated forms run side by side, each in one process (TensorFlow's import is slow),
    # each writing its own copy of the data (make_data.py writes the same files every time)
    first = start([CORPUS / f"{n}.py" for n in ALL], root / "data_original")
    second = start([migrated / f"{n}.py" for n in ALL], root / "data_migrated")
    originals, after = results(first, timeout=800), results(second, timeout=800)
    return {name: {"original": originals[str(CORPUS / f"{name}.py")], "migrated": after[str(migrated / f"{name}.py")]}
            for name in ALL}


@pytest.mark.parametrize("name", sorted(ALL))
def test_the_migrated_program_delivers_what_the_original_delivers(runs, name):
    assert_delivers_the_same(name, runs[name]["original"], runs[name]["migrated"], ALL[name], end=None,
                             close_floats=True)


@pytest.mark.parametrize("name", sorted(REWRITTEN))
def test_a_rewritten_program_needs_neither_the_bridge_nor_queues(name):
    results = _migrated(name, "tfdata")
    assert results[CORPUS / f"{name}.py"].changed
    for path, result in results.items():
        assert not result.refused, result.notes
        assert "tfdata_bridge" not in result.code
        # no queue API left; what only starts queue runners (a monitored session, a Supervisor) may stay, and
        # scan still lists it (STARTS_RUNNERS): harmless once no queue is left; so may a Coordinator the
        # program's own code uses beyond the runners (a feeding method's ``coord.should_stop()``), as the
        # rewrite's note says (with the ``start_queue_runners`` it was handed to, which starts nothing once no
        # runner is left): TensorFlow 2 still has both
        kept = {"tf.compat.v1.train.Coordinator", "tf.compat.v1.train.start_queue_runners"} if any(
            "beyond starting and stopping runners" in n.message or "` kept: a Coordinator used as" in n.message
            for n in result.notes) else set()
        assert [f.api for f in scan_source(result.code)
                if not f.dropin.startswith(STARTS_RUNNERS) and f.api not in kept] == []
    again = rewrite_tree({str(p): r.code for p, r in results.items()}, root=str(CORPUS))
    assert all(r.code == results[pathlib.Path(p)].code for p, r in again.items())  # a second run changes nothing
    # recognize() reads one module (a helper of another module needs the tree); asked of every third program
    # (its own analysis of the whole module is most of a rewrite's cost again, and scan's MIGRATE column, which
    # test_scan_names checks against migrate on every site of the corpus, is the rewrite's own verdict)
    if name not in HELPERS and sorted(REWRITTEN).index(name) % 3 == 0:
        assert all(o.rewritten for o in recognize((CORPUS / f"{name}.py").read_text()))


@pytest.mark.parametrize("name", sorted(LEFT))
def test_a_program_left_says_why(name):
    outcomes = recognize((CORPUS / f"{name}.py").read_text())
    result = rewrite((CORPUS / f"{name}.py").read_text(), to="tfdata")
    assert result.refused or not all(o.rewritten for o in outcomes), result.code


@pytest.mark.timeout(600)
def test_scans_migrate_column_agrees_with_what_migrate_does_on_every_corpus_site(monkeypatch):
    # scan's verdict per site against migrate's result, the corpus rewritten once for the programs' runs and this
    report, migrated = scan_and_migrate(CORPUS, monkeypatch)
    assert {pathlib.Path(p).resolve() for p in migrated} == set(_together())
    assert all(migrated[p].code == _together()[pathlib.Path(p).resolve()].code for p in migrated)
    assert {pathlib.Path(f.path).stem for f in report.findings} >= set(ALL)
    assert_column_agrees(report, migrated)
