"""The how-to's preloaded data in variables (`collections=[]`, initialized by feeding placeholders), both
variables set by one run; arrays loaded by another module's helper; shuffled slices, `num_epochs=2`, a batch;
`from tensorflow.compat import v1 as tf` style; the loop runs until the epochs run out."""

from tensorflow.compat import v1 as tf

from r21a_lib import preload


def run(data_dir, batch_size=20):
    features, labels = preload.load_tables(data_dir)
    with tf.name_scope("input"):
        features_init = tf.placeholder(dtype=features.dtype, shape=features.shape)
        labels_init = tf.placeholder(dtype=labels.dtype, shape=labels.shape)
        features_var = tf.Variable(features_init, trainable=False, collections=[])
        labels_var = tf.Variable(labels_init, trainable=False, collections=[])
        feature, label = tf.train.slice_input_producer([features_var, labels_var], num_epochs=2, seed=5)
        feature_batch, label_batch = tf.train.batch([feature * 2.0, label], batch_size=batch_size)
    sess = tf.Session()
    sess.run(tf.group(tf.global_variables_initializer(), tf.local_variables_initializer()))
    sess.run([features_var.initializer, labels_var.initializer],
             feed_dict={features_init: features, labels_init: labels})
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    batches, end = [], None
    try:
        while not coord.should_stop():
            f, l = sess.run([feature_batch, label_batch])
            batches.append([f.tolist(), l.tolist()])
    except tf.errors.OutOfRangeError:
        end = "OutOfRangeError"
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {"batches": batches, "end": end}


def main(data_dir):
    return run(data_dir)
