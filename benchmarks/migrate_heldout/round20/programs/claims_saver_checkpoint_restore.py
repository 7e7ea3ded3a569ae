"""Insurance claims: a severity model trained on the queue with a tf.train.Saver checkpoint written at step 2
(saver.save with global_step), and after the data ends the step-2 weights restored and read back."""

import os
import shutil

import tensorflow.compat.v1 as tf


def write_claims(folder):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "claims.csv")
    with open(path, "w") as f:
        f.write("claim_id,vehicle_age,prior_claims,amount_k\n")
        for i in range(26):
            f.write("C%04d,%d,%d,%.3f\n" % (i, i % 12, i % 4, 1.2 + 0.35 * (i % 12) + 0.8 * (i % 4)))
    return path


def read_claims(path, batch_size):
    queue = tf.train.string_input_producer([path], num_epochs=1, shuffle=False)
    reader = tf.TextLineReader(skip_header_lines=1)
    _, value = reader.read(queue)
    claim_id, age, prior, amount = tf.decode_csv(value, [[""], [0.0], [0.0], [0.0]])
    return tf.train.batch([claim_id, tf.stack([age / 10.0, prior]), amount], batch_size=batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, "h20_claims")
    path = write_claims(folder)
    ckpt_dir = os.path.join(folder, "ckpt")
    shutil.rmtree(ckpt_dir, ignore_errors=True)
    os.makedirs(ckpt_dir)
    prefix = os.path.join(ckpt_dir, "severity")

    ids, x, y = read_claims(path, batch_size=5)
    w = tf.Variable(tf.zeros([2]), name="w")
    b = tf.Variable(0.0, name="b")
    loss = tf.reduce_mean(tf.square(tf.reduce_sum(x * w, axis=1) + b - y))
    train_op = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
    saver = tf.train.Saver()

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        step = 0
        try:
            while not coord.should_stop():
                _, claim_ids, l = sess.run([train_op, ids, loss])
                step += 1
                batches.append([[c.decode() for c in claim_ids], round(float(l), 4)])
                if step == 2:
                    saver.save(sess, prefix, global_step=step)
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
        final_w = [round(float(v), 4) for v in sess.run(w)]
        saver.restore(sess, prefix + "-2")
        restored_w = [round(float(v), 4) for v in sess.run(w)]
    return {"batches": batches, "end": {"final": final_w, "restored": restored_w, "steps": step}}
