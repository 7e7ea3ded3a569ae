# Sourdough starter feedings, one line each, read together with a global step counter; the step
# is saved and restored between two runs, the input queue is not.
# From tensorflow/tensorflow issue #6666 "tf.train.Saver does not restore input queue": the second
# run printed line 1 again with step 4 (yaroslavvb: working as intended, the queue is not a
# variable).  The asker's script is run twice here, as two sessions over one graph.
import os
import shutil

import tensorflow.compat.v1 as tf

LINES = ["feed 1 flour 50 water 50", "feed 2 flour 40 water 45", "feed 3 flour 60 water 55",
         "feed 4 flour 50 water 50", "feed 5 flour 45 water 40", "feed 6 flour 55 water 60"]


def run_once(line, global_step_op, saver, ckpt_dir):
    rows = []
    with tf.Session() as sess:
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(coord=coord)

        latest_checkpoint = tf.train.latest_checkpoint(ckpt_dir)
        if latest_checkpoint:
            saver.restore(sess, latest_checkpoint)
        else:
            sess.run([tf.local_variables_initializer(), tf.global_variables_initializer()])

        for i in range(3):
            value, step = sess.run([line, global_step_op])
            rows.append([[value.decode()], [int(step)]])

        coord.request_stop()
        coord.join(threads)
        saver.save(sess, os.path.join(ckpt_dir, "model"))
    return rows


def main(data_dir):
    folder = os.path.join(data_dir, "h62_sourdough")
    os.makedirs(folder, exist_ok=True)
    ckpt_dir = os.path.join(folder, "ckpt")
    shutil.rmtree(ckpt_dir, ignore_errors=True)
    os.makedirs(ckpt_dir)
    data = os.path.join(folder, "data.txt")
    with open(data, "w") as f:
        f.write("\n".join(LINES) + "\n")

    queue = tf.train.string_input_producer([data])
    reader = tf.TextLineReader()
    _, line = reader.read(queue)

    global_step = tf.Variable(0, trainable=False, name="global_step")
    global_step_op = tf.assign_add(global_step, 1)
    saver = tf.train.Saver()

    batches = run_once(line, global_step_op, saver, ckpt_dir)
    batches += run_once(line, global_step_op, saver, ckpt_dir)
    return {"batches": batches, "end": {"last_step": batches[-1][1][0]}}
