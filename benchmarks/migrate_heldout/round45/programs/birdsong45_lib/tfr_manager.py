import tensorflow as tf

FEAT_DIM = 6
LABEL_BYTES = 4
FRAME_BYTES = FEAT_DIM * 4
RECORD_BYTES = LABEL_BYTES + FRAME_BYTES


class BirdsongTFRManager(object):
    ''' Read tensor batch from birdsong frame records (label float32 + log-mel frame) '''
    def __init__(self, ftype='log-spectrum'):
        self.n_files = None
        self.ftype = ftype


    def read(
        self,
        file_pattern,
        batch_size,
        num_preprocess_threads=10,
        capacity=512,
        min_after_dequeue=256,
        num_epochs=None,
        seed=None,
        ):
        '''
        Return:
            `frame`: shape = [b, c]
            `label`: shape = [b,]
        '''

        with tf.compat.v1.variable_scope('input'):
            files = sorted(tf.io.gfile.glob(file_pattern))
            self.n_files = len(files)
            filename_queue = tf.compat.v1.train.string_input_producer(
                files, num_epochs=num_epochs, seed=seed)
            reader = tf.compat.v1.FixedLengthRecordReader(RECORD_BYTES)
            _, value = reader.read(filename_queue)
            value = tf.compat.v1.decode_raw(value, tf.float32)
            value = tf.reshape(value, [FEAT_DIM + 1])
            label = tf.cast(value[0], tf.int64)
            frame = value[1:]
            if self.ftype == 'log-spectrum':
                frame = tf.math.log1p(frame)
            frames, labels = tf.compat.v1.train.shuffle_batch(
                [frame, label],
                batch_size=batch_size,
                num_threads=num_preprocess_threads,
                capacity=capacity,
                min_after_dequeue=min_after_dequeue,
                seed=seed,
            )
        return frames, labels
