"""An evaluation function run once per "checkpoint": each call opens a new Session over the same graph, re-runs
`local_variables_initializer()` so the `num_epochs` counter starts another epoch, starts the queue runners and reads
until OutOfRange (the slim / cifar10_eval loop shape)."""
import os

import tensorflow.compat.v1 as tf

EVAL_FILES = ["table-2.csv"]


def eval_inputs(data_dir, batch_size):
    filename_queue = tf.train.string_input_producer(
        [os.path.join(data_dir, f) for f in EVAL_FILES], num_epochs=1, shuffle=False, name="eval_files")
    reader = tf.TextLineReader(skip_header_lines=1)
    key, value = reader.read(filename_queue)
    a, b, label = tf.decode_csv(value, [[0], [0.0], [0]])
    return tf.train.batch({"a": a, "label": label}, batch_size=batch_size, num_threads=1,
                          allow_smaller_final_batch=True, name="eval_batch")


def run_eval(batch, rounds):
    results = []
    for round_index in range(rounds):
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            sess.run(tf.local_variables_initializer())
            coord = tf.train.Coordinator()
            threads = tf.train.start_queue_runners(sess=sess, coord=coord)
            steps = 0
            try:
                while not coord.should_stop():
                    value = sess.run(batch)
                    results.append({"a": value["a"].tolist(), "label": value["label"].tolist(),
                                    "round": round_index})
                    steps += 1
            except tf.errors.OutOfRangeError:
                pass
            finally:
                coord.request_stop()
            coord.join(threads, stop_grace_period_secs=10)
    return results


def main(data_dir):
    batch = eval_inputs(data_dir, batch_size=16)
    global_step = tf.train.get_or_create_global_step()
    batches = run_eval(batch, rounds=2)
    return {"batches": batches, "end": "OutOfRangeError"}
