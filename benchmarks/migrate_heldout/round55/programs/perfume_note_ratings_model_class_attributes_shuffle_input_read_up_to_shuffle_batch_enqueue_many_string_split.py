from __future__ import print_function
import os

import numpy as np
import tensorflow as tf

v1 = tf.compat.v1


class Model(object):
    vocabulary_size = 64
    batch_size = 4
    num_epochs = 1
    queue_size = 24
    shuffle_threads = 2
    ratio = 4
    ops = []
    ops_names = []

    def _shuffle_input(self, thread_idx, train_file_queue, weight_file_queue=None):
        with tf.device("/cpu:0"):
            reader = v1.TextLineReader()
            _, lines = reader.read_up_to(train_file_queue, self.batch_size)
            min_after_dequeue = 3 * self.batch_size
            capacity = int(min_after_dequeue + self.batch_size * 1.5)
            return v1.train.shuffle_batch([lines], self.batch_size, capacity, min_after_dequeue,
                                          enqueue_many=True, num_threads=self.shuffle_threads,
                                          seed=55, allow_smaller_final_batch=True)

    def _parse(self, line_batch):
        # "<rating> <note_id>:<weight> <note_id>:<weight> ..." fm style lines
        parts = v1.string_split(line_batch, ' ')
        dense = v1.sparse_tensor_to_dense(parts, default_value='')
        rating = v1.string_to_number(dense[:, 0], out_type=tf.float32)
        first = v1.string_split(dense[:, 1], ':')
        first = v1.sparse_tensor_to_dense(first, default_value='0')
        note = v1.string_to_number(first[:, 0], out_type=tf.int32)
        weight = v1.string_to_number(first[:, 1], out_type=tf.float32)
        n_notes = tf.reduce_sum(tf.cast(tf.not_equal(dense[:, 1:], ''), tf.int32), axis=1)
        return rating, note, weight, n_notes

    def build_graph(self, data_files):
        train_file_queue = v1.train.string_input_producer(data_files, num_epochs=self.num_epochs,
                                                          shuffle=True, seed=55)
        lines = self._shuffle_input(0, train_file_queue)
        self.rating, self.note, self.weight, self.n_notes = self._parse(lines)
        self.ops = [self.rating, self.note, self.weight, self.n_notes]
        self.ops_names = ['rating', 'note', 'weight', 'n_notes']


def main(data_dir):
    out = os.path.join(data_dir, 'h55_note_ratings')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(55)
    files = []
    for part in range(3):
        fname = os.path.join(out, 'ratings-%d.fm' % part)
        with open(fname, 'w') as f:
            for i in range(4):
                k = rng.randint(1, 4)
                notes = ' '.join('%d:%.1f' % (rng.randint(1, 60), rng.uniform(0.1, 2)) for _ in range(k))
                f.write('%d %s\n' % (rng.randint(1, 6), notes))
        files.append(fname)

    model = Model()
    model.build_graph(files)
    batches = []
    with v1.Session() as sess:
        sess.run([v1.global_variables_initializer(), v1.local_variables_initializer()])
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                r, n, w, c = sess.run(model.ops)
                batches.append([r.astype(np.float64).tolist(), n.tolist(),
                                np.round(w.astype(np.float64), 3).tolist(), c.tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "ratings: %d" % sum(len(b[0]) for b in batches)}
