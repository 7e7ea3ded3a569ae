"""Swivel-style embedding training: co-occurrence submatrix shards, one serialized `tf.train.Example` per file
read whole by `WholeFileReader`, the sparse counts made dense by `sparse_to_dense`, `train.batch(batch_size=1,
num_threads=4)` reshaped after the batch; several Python worker threads call `sess.run` on the same batch inside
`Supervisor.managed_session`."""

import os
import threading

import numpy as np
import tensorflow.compat.v1 as tf


class Flags(object):
    input_base_path = None
    embedding_size = 4
    num_epochs = 2
    num_concurrent_steps = 3
    learning_rate = 0.05
    submatrix_rows = 3
    submatrix_cols = 3


FLAGS = Flags()
NSHARDS = 3


def write_shards(out_dir):
    """Writes a 9x9 co-occurrence matrix as 3x3 shards of 3x3 submatrices, one Example per file."""
    if not os.path.isdir(out_dir):
        os.makedirs(out_dir)
    vocab = NSHARDS * FLAGS.submatrix_rows
    for row in range(NSHARDS):
        for col in range(NSHARDS):
            rows, cols, vals = [], [], []
            for i in range(FLAGS.submatrix_rows):
                for j in range(FLAGS.submatrix_cols):
                    g_row, g_col = row + NSHARDS * i, col + NSHARDS * j
                    count = (g_row * 7 + g_col * 3) % 5
                    if count:
                        rows.append(i)
                        cols.append(j)
                        vals.append(float(count))
            example = tf.train.Example(features=tf.train.Features(feature={
                'global_row': tf.train.Feature(int64_list=tf.train.Int64List(
                    value=[row + NSHARDS * i for i in range(FLAGS.submatrix_rows)])),
                'global_col': tf.train.Feature(int64_list=tf.train.Int64List(
                    value=[col + NSHARDS * i for i in range(FLAGS.submatrix_cols)])),
                'sparse_local_row': tf.train.Feature(int64_list=tf.train.Int64List(value=rows)),
                'sparse_local_col': tf.train.Feature(int64_list=tf.train.Int64List(value=cols)),
                'sparse_value': tf.train.Feature(float_list=tf.train.FloatList(value=vals)),
            }))
            with open(os.path.join(out_dir, 'shard-%03d-%03d.pb' % (row, col)), 'wb') as out:
                out.write(example.SerializeToString())
    with open(os.path.join(out_dir, 'row_vocab.txt'), 'w') as out:
        out.write('\n'.join('w%d' % i for i in range(vocab)))


def count_matrix_input(filenames, submatrix_rows, submatrix_cols):
    """Reads submatrix shards from disk."""
    filename_queue = tf.train.string_input_producer(filenames, num_epochs=FLAGS.num_epochs)
    reader = tf.WholeFileReader()
    _, serialized_example = reader.read(filename_queue)
    features = tf.parse_single_example(
        serialized_example,
        features={
            'global_row': tf.FixedLenFeature([submatrix_rows], dtype=tf.int64),
            'global_col': tf.FixedLenFeature([submatrix_cols], dtype=tf.int64),
            'sparse_local_row': tf.VarLenFeature(dtype=tf.int64),
            'sparse_local_col': tf.VarLenFeature(dtype=tf.int64),
            'sparse_value': tf.VarLenFeature(dtype=tf.float32)
        })

    global_row = features['global_row']
    global_col = features['global_col']

    sparse_local_row = features['sparse_local_row'].values
    sparse_local_col = features['sparse_local_col'].values
    sparse_count = features['sparse_value'].values

    sparse_indices = tf.concat(
        axis=1, values=[tf.expand_dims(sparse_local_row, 1), tf.expand_dims(sparse_local_col, 1)])
    count = tf.sparse_to_dense(sparse_indices, [submatrix_rows, submatrix_cols], sparse_count)

    queued_global_row, queued_global_col, queued_count = tf.train.batch(
        [global_row, global_col, count],
        batch_size=1,
        num_threads=4,
        capacity=32)

    queued_global_row = tf.reshape(queued_global_row, [submatrix_rows])
    queued_global_col = tf.reshape(queued_global_col, [submatrix_cols])
    queued_count = tf.reshape(queued_count, [submatrix_rows, submatrix_cols])

    return queued_global_row, queued_global_col, queued_count


class SwivelModel(object):
    """Small Swivel model."""

    def __init__(self, config):
        self._config = config
        with open(os.path.join(config.input_base_path, 'row_vocab.txt')) as f:
            self.n_rows = len(f.read().split('\n'))
        self.n_cols = self.n_rows

        filenames = sorted(tf.gfile.Glob(os.path.join(config.input_base_path, 'shard-*.pb')))
        self.n_submatrices = len(filenames)
        with tf.device('/cpu:0'):
            global_row, global_col, count = count_matrix_input(
                filenames, config.submatrix_rows, config.submatrix_cols)
        self.global_row, self.global_col, self.count = global_row, global_col, count

        init = tf.constant_initializer(0.1)
        self.row_embedding = tf.get_variable('row_embedding', [self.n_rows, config.embedding_size],
                                             initializer=init)
        self.col_embedding = tf.get_variable('col_embedding', [self.n_cols, config.embedding_size],
                                             initializer=init)
        selected_row_embedding = tf.nn.embedding_lookup(self.row_embedding, global_row)
        selected_col_embedding = tf.nn.embedding_lookup(self.col_embedding, global_col)
        predictions = tf.matmul(selected_row_embedding, selected_col_embedding, transpose_b=True)
        objectives = count * tf.square(predictions - tf.log(count + 1.0))
        self.loss = tf.reduce_sum(objectives)
        self.global_step = tf.Variable(0, name='global_step', trainable=False)
        opt = tf.train.AdagradOptimizer(config.learning_rate)
        self.train_op = opt.minimize(self.loss, global_step=self.global_step)


def main(data_dir):
    FLAGS.input_base_path = os.path.join(data_dir, 'h22_cooccur_swivel_wholefile_worker_threads')
    write_shards(FLAGS.input_base_path)

    model = SwivelModel(FLAGS)
    n_steps_per_thread = FLAGS.num_epochs * model.n_submatrices // FLAGS.num_concurrent_steps

    sv = tf.train.Supervisor(logdir=None, is_chief=True, summary_op=None,
                             save_summaries_secs=0, save_model_secs=0,
                             local_init_op=tf.local_variables_initializer())
    batches = []
    lock = threading.Lock()
    with sv.managed_session('') as sess:

        def TrainingFn():
            for _ in range(n_steps_per_thread):
                _, rows, cols, counts = sess.run(
                    [model.train_op, model.global_row, model.global_col, model.count])
                with lock:
                    batches.append([[rows.tolist()], [cols.tolist()], [counts.tolist()]])

        threads = []
        for _ in range(FLAGS.num_concurrent_steps):
            t = threading.Thread(target=TrainingFn)
            threads.append(t)
            t.start()
        for t in threads:
            t.join()
        sv.request_stop()
    return {"batches": batches, "end": int(np.sum([len(b[0]) for b in batches]))}
