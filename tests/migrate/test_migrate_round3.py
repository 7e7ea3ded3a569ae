"""The forms the third held-out round brought in (input producers over tensors, ``match_filenames_once``, feed
threads in classes, queues filled by ``[enqueue_op] * k``, read_up_to), off their shape: each is left, with its
reason, where a rewrite would change what the program does. (That each form, rewritten, delivers the legacy
results is ``tests/migrate/test_migrate_corpus.py``'s: these need no TensorFlow.)"""

from __future__ import annotations

import pathlib
import textwrap

from tfdata_bridge.migrate import rewrite, scan_source

CORPUS = pathlib.Path(__file__).resolve().parents[1] / "migrate_corpus"


def _tfdata(name: str, old: str, new: str):
    source = (CORPUS / f"{name}.py").read_text()
    assert old in source
    return rewrite(source.replace(old, new), to="tfdata")


def _refused(result) -> str:
    return " | ".join(n.message for n in result.refused)


def test_match_filenames_once_used_as_a_variable_stays_with_the_reason():
    result = _tfdata("match_once_wholefile", "    image_reader = tf.WholeFileReader()\n",
                     "    init_files = filenames.initializer\n    image_reader = tf.WholeFileReader()\n")
    assert "match_filenames_once" in result.code and "matching_files" not in result.code
    assert "`filenames` is used as a variable" in _refused(result)


def test_match_filenames_once_through_another_alias_is_rewritten():
    source = textwrap.dedent('''
        import tensorflow.compat.v1 as v1

        def files(pattern):
            names = v1.train.match_filenames_once(pattern, name="names")
            queue = v1.train.string_input_producer(v1.convert_to_tensor(names), shuffle=False, num_epochs=1)
            _, contents = v1.WholeFileReader().read(queue)
            return v1.train.batch([contents], batch_size=2)
        ''')
    result = rewrite(source, to="tfdata")
    assert not result.refused, result.notes
    assert 'v1.io.matching_files(pattern, name="names")' in result.code
    assert scan_source(result.code) == ()


def test_a_producer_over_a_tensor_read_beyond_its_dequeue_stays():
    result = _tfdata("input_producer_rows", "    row = rows.dequeue()\n",
                     "    row = rows.dequeue()\n    fill = rows.size()\n")
    assert "train.input_producer(" in result.code
    assert "`rows` is also used beyond its one `dequeue()`" in _refused(result)


def test_a_range_producer_with_shared_name_stays():
    result = _tfdata("ptb_range_producer", "range_input_producer(epoch_size, shuffle=False)",
                     "range_input_producer(epoch_size, shuffle=False, shared_name='ptb')")
    assert "range_input_producer(epoch_size" in result.code
    assert "shared_name" in _refused(result)


def test_a_shuffling_range_producer_read_directly_keeps_its_epochs_shuffled():
    result = _tfdata("ptb_range_producer", "range_input_producer(epoch_size, shuffle=False)",
                     "range_input_producer(epoch_size, num_epochs=3, seed=5)")
    assert not result.refused, result.notes
    assert "reshuffle_each_iteration=True" in result.code and "seed=5" in result.code and ".repeat(3)" in result.code


def test_a_runner_queue_whose_size_is_read_stays():
    result = _tfdata("fifo_runner_times_n", "    xs, labels = queue.dequeue_many(20)\n",
                     "    xs, labels = queue.dequeue_many(20)\n    fill = queue.size()\n")
    assert "tf.FIFOQueue(" in result.code and "QueueRunner(" in result.code
    assert result.refused


def test_a_runner_of_several_different_ops_is_refused_with_the_reason():
    result = _tfdata("fifo_runner_times_n", "[enqueue_op] * NUM_THREADS", "[enqueue_op, tf.no_op()]")
    assert "tf.FIFOQueue(" in result.code
    assert "`[enqueue_op] * k`" in _refused(result)


def test_a_runner_queue_of_k_times_one_op_spelled_the_other_way_round_is_rewritten():
    result = _tfdata("fifo_runner_times_n", "[enqueue_op] * NUM_THREADS", "NUM_THREADS * [enqueue_op]")
    assert not result.refused, result.notes
    assert "num_parallel_calls=NUM_THREADS" in result.code and "drop_remainder=True" in result.code


def test_a_feed_class_whose_queue_is_measured_elsewhere_stays():
    result = _tfdata("feed_thread_class", "        return self.queue.dequeue_many(num_elements)\n",
                     "        self.fill = self.queue.size()\n        return self.queue.dequeue_many(num_elements)\n")
    assert "tf.PaddingFIFOQueue(" in result.code and "threading.Thread" in result.code
    assert "`queue` is read by 2 statements" in _refused(result)


def test_a_feed_class_whose_feeder_runs_other_ops_stays():
    result = _tfdata("text_feeder_thread_class", "        sess.run(self.queue.close())\n",
                     "        sess.run(self.queue.close())\n        sess.run(tf.no_op())\n")
    assert "threading.Thread" in result.code
    assert "runs something other than the enqueue" in _refused(result)


def test_a_feed_class_read_through_another_instance_name_is_rewritten():
    result = _tfdata("text_feeder_thread_class", "reader = TextReader(18)\n    ids, lengths = reader.queue",
                     "text = TextReader(18)\n    reader = text\n    ids, lengths = text.queue")
    assert not result.refused, result.notes
    assert "text._feed" in result.code and "threading" not in result.code


def test_read_up_to_without_enqueue_many_stays():
    result = _tfdata("read_up_to_enqueue_many", "batch_size=32, enqueue_many=True,", "batch_size=32,")
    assert "read_up_to(queue, 8)" in result.code
    assert "`read_up_to` batches without enqueue_many=True" in _refused(result)


def test_a_join_over_a_static_method_stays():
    result = _tfdata("join_class_readers", "    def _decode(self, filename_queue):\n",
                     "    @staticmethod\n    def _decode(self, filename_queue):\n")
    assert "shuffle_batch_join(" in result.code
    assert "not one plain method" in _refused(result)


def test_a_runner_added_by_add_queue_runner_of_its_name_is_rewritten_too():
    result = _tfdata("pyfunc_queue_collection", "tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, qr)",
                     "tf.train.add_queue_runner(qr)")
    assert not result.refused, result.notes
    assert "tf.train.QueueRunner(" not in result.code and "output_signature=tf.TensorSpec(shape=[2]" in result.code


def test_a_runner_started_by_hand_stays():
    result = _tfdata("pyfunc_queue_collection", "    tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, qr)\n",
                     "    tf.add_to_collection(tf.GraphKeys.QUEUE_RUNNERS, qr)\n    more = qr.create_threads\n")
    assert "tf.FIFOQueue(" in result.code
    assert "the runner `qr` is used beyond being added" in _refused(result)
