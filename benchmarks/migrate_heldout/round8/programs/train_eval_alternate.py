"""Two input pipelines in one graph, built by one function under two name scopes (train over files 0-2 without an
epoch limit, eval over file 3 for one epoch), run alternately for a fixed number of steps: the
"validate every N steps" loop of many training scripts."""
import os

import tensorflow.compat.v1 as tf

FLAGS = {"train_batch": 6, "eval_batch": 10, "max_steps": 8, "eval_every": 2}


def input_pipeline(filenames, batch_size, num_epochs=None, scope="input"):
    with tf.name_scope(scope):
        filename_queue = tf.train.string_input_producer(filenames, num_epochs=num_epochs, shuffle=False)
        reader = tf.TFRecordReader()
        _, serialized = reader.read(filename_queue)
        features = tf.parse_single_example(serialized, features={
            "x": tf.FixedLenFeature([3], tf.float32),
            "label": tf.FixedLenFeature([], tf.int64)})
        x = features["x"]
        label = features["label"]
        x_batch, label_batch = tf.train.batch([x, label], batch_size=batch_size, num_threads=1,
                                              capacity=3 * batch_size)
    return x_batch, label_batch


def main(data_dir):
    files = [os.path.join(data_dir, "records-%d.tfrecord" % i) for i in range(4)]
    train_x, train_label = input_pipeline(files[:3], FLAGS["train_batch"], scope="train")
    eval_x, eval_label = input_pipeline(files[3:], FLAGS["eval_batch"], num_epochs=1, scope="eval")
    train_loss = tf.reduce_sum(train_x)
    batches = []
    sess = tf.Session()
    sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    for step in range(FLAGS["max_steps"]):
        loss, labels = sess.run([train_loss, train_label])
        batches.append(["train", step, float(loss), labels.tolist()])
        if (step + 1) % FLAGS["eval_every"] == 0:
            ex, el = sess.run([eval_x, eval_label])
            batches.append(["eval", step, ex[:, 0].tolist(), el.tolist()])
    coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": "steps"}
