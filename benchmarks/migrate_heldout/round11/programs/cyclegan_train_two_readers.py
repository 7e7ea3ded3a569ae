"""CycleGAN training script shape: two domain Readers from another module, fed for a fixed number of steps."""

import tensorflow.compat.v1 as tf

from cyclegan_lib import reader as reader_lib
from cyclegan_lib.reader import Reader

BATCH_SIZE = 10
STEPS = 9  # 90 records per domain, one epoch


class CycleGAN:
    def __init__(self, data_dir, batch_size=BATCH_SIZE):
        self.batch_size = batch_size
        self.X_reader = Reader(reader_lib.domain_files(data_dir, "X"), name="X", batch_size=batch_size)
        self.Y_reader = Reader(reader_lib.domain_files(data_dir, "Y"), name="Y", batch_size=batch_size)

    def model(self):
        x, x_ids = self.X_reader.feed()
        y, y_ids = self.Y_reader.feed()
        return (x, x_ids), (y, y_ids)


def main(data_dir):
    graph = tf.get_default_graph()
    with graph.as_default():
        cycle_gan = CycleGAN(data_dir)
        (x, x_ids), (y, y_ids) = cycle_gan.model()
    batches = []
    with tf.Session(graph=graph) as sess:
        sess.run(tf.global_variables_initializer())
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            step = 0
            while not coord.should_stop() and step < STEPS:
                x_val, x_id_val, y_val, y_id_val = sess.run([x, x_ids, y, y_ids])
                batches.append([x_val.tolist(), x_id_val.tolist()])
                batches.append([y_val.tolist(), y_id_val.tolist()])
                step += 1
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "steps"}
