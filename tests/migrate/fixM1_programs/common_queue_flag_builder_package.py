"""k text readers fill a common queue a config flag chooses (RandomShuffleQueue here), built in another module;
the caller batches the returned dict: each row once."""
import os

import tensorflow.compat.v1 as tf

from m1_lib import builder, loader


def main(data_dir):
    folder = os.path.join(data_dir, "m1_common")
    os.makedirs(folder, exist_ok=True)
    files = []
    for s in range(3):
        files.append(os.path.join(folder, "part%d.csv" % s))
        with open(files[-1], "w") as f:
            f.write("".join("%d,%d,%d\n" % (10 * s + i, i, s) for i in range(4)))
    config = loader.Cfg(num_readers=2, shuffle=True, files=files, capacity=10, width=3)
    tensors = builder.build(config, num_epochs=1)
    batch = tf.train.batch(tensors, batch_size=3)
    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                out = sess.run(batch)
                batches.append([out["id"].tolist(), out["vals"].tolist()])
        except tf.errors.OutOfRangeError:
            end = "OutOfRangeError"
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": end}
