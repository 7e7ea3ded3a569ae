"""Crop yields: a linear regression trained straight on the queue batch, `train_op` (with the global step) run in
the same `sess.run` as the batch's region names; `tf.train.global_step` after the loop."""

import os

import tensorflow.compat.v1 as tf

LEARNING_RATE = 0.01


def write_harvests(data_dir):
    out_dir = os.path.join(data_dir, "h19_cropyield_global_step_train_op")
    os.makedirs(out_dir, exist_ok=True)
    paths, i = [], 0
    for year in (2016, 2017):
        path = os.path.join(out_dir, "harvest-%d.csv" % year)
        with open(path, "w") as f:
            f.write("region,rain_mm,temp_c,yield_t\n")
            for _ in range(12):
                rain, temp = 300 + (i * 37) % 400, 12 + (i * 5) % 15
                f.write("r%02d,%d,%d,%.2f\n" % (i % 9, rain, temp, 1.5 + rain / 250.0 - (temp - 18) ** 2 / 80.0))
                i += 1
        paths.append(path)
    return paths


def harvest_batch(paths, batch_size):
    queue = tf.train.string_input_producer(paths, num_epochs=2, shuffle=False)
    _, row = tf.TextLineReader(skip_header_lines=1).read(queue)
    region, rain, temp, crop = tf.decode_csv(row, [[""], [0.0], [0.0], [0.0]])
    features = tf.stack([rain / 100.0, temp / 10.0])
    return tf.train.batch([region, features, crop], batch_size=batch_size, allow_smaller_final_batch=True)


def model(features, target):
    weights = tf.get_variable("weights", [2, 1], initializer=tf.zeros_initializer())
    bias = tf.get_variable("bias", [1], initializer=tf.zeros_initializer())
    predicted = tf.squeeze(tf.matmul(features, weights) + bias, axis=1)
    loss = tf.reduce_mean(tf.square(predicted - target))
    global_step = tf.train.get_or_create_global_step()
    train_op = tf.train.GradientDescentOptimizer(LEARNING_RATE).minimize(loss, global_step=global_step)
    return train_op, loss, global_step, weights, bias


def main(data_dir):
    regions, features, crop = harvest_batch(write_harvests(data_dir), batch_size=5)
    train_op, loss, global_step, weights, bias = model(features, crop)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                _, loss_v, regions_v = sess.run([train_op, loss, regions])
                batches.append([[r.decode() for r in regions_v], round(float(loss_v), 4)])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
        step = tf.train.global_step(sess, global_step)
        w, b = sess.run([weights, bias])
    return {"batches": batches, "end": {"step": int(step), "weights": [round(float(v), 4) for v in w[:, 0]],
                                        "bias": round(float(b[0]), 4)}}
