"""A hand-built FIFOQueue filled from a CSV reader by a QueueRunner given, by keyword, close and cancel ops made
by statements of their own and the default exception types; the runner is added to a collection of its own that a
second start call starts (``threads.extend``); read by ``dequeue_up_to`` until the queue ends."""
import os

import tensorflow.compat.v1 as tf1

STAGE_RUNNERS = "q1_stage_runners"


def main(data_dir):
    folder = os.path.join(data_dir, "q1_closes")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "rows.csv")
    with open(path, "w") as f:
        for i in range(11):
            f.write("r%02d,%d\n" % (i, i * 7 % 5))

    files = tf1.train.string_input_producer([path], num_epochs=1, shuffle=False)
    _, text = tf1.TextLineReader().read(files)
    key, score = tf1.decode_csv(text, record_defaults=[["?"], [0]])
    stage = tf1.FIFOQueue(capacity=16, dtypes=[tf1.string, tf1.int32], shapes=[[], []])
    put = stage.enqueue([key, score])
    shut = stage.close(cancel_pending_enqueues=False)
    abort = stage.close(True)
    runner = tf1.train.queue_runner.QueueRunner(
        enqueue_ops=[put], queue=stage, cancel_op=abort, close_op=shut,
        queue_closed_exception_types=(tf1.errors.OutOfRangeError, tf1.errors.CancelledError))
    tf1.train.queue_runner.add_queue_runner(runner, STAGE_RUNNERS)
    keys, scores = stage.dequeue_up_to(4)

    batches = []
    with tf1.Session() as sess:
        sess.run(tf1.local_variables_initializer())
        coord = tf1.train.Coordinator()
        threads = tf1.train.start_queue_runners(sess, coord)
        threads.extend(tf1.train.start_queue_runners(sess=sess, coord=coord, collection=STAGE_RUNNERS))
        try:
            while not coord.should_stop():
                k, s = sess.run([keys, scores])
                batches.append([[x.decode() for x in k], s.tolist()])
        except tf1.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": end}
