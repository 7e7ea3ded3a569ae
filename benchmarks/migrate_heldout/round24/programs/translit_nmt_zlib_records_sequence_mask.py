"""NMT-style input over ZLIB-compressed TFRecords: VarLen source/target ids densified, EOS appended, a dict
batched with dynamic_pad, masks made by sequence_mask after the batch."""
import os

import tensorflow as tf

tf.compat.v1.disable_eager_execution()
v1 = tf.compat.v1

EOS = 1
PAIRS = [([5, 6, 7], [8, 9]), ([10], [11, 12, 13]), ([14, 15], [16]), ([17, 18, 19, 20], [21, 22]),
         ([23, 24], [25, 26, 27, 28]), ([29], [30]), ([31, 32, 33], [34]), ([35, 36], [37, 38])]


def _int64(values):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=values))


def write_corpus(folder):
    os.makedirs(folder, exist_ok=True)
    options = v1.python_io.TFRecordOptions(v1.python_io.TFRecordCompressionType.ZLIB)
    path = os.path.join(folder, 'train.src-tgt.zlib.tfrecord')
    with v1.python_io.TFRecordWriter(path, options=options) as writer:
        for src, tgt in PAIRS:
            ex = tf.train.Example(features=tf.train.Features(feature={
                'source': _int64(src), 'target': _int64(tgt),
                'source_length': _int64([len(src)]), 'target_length': _int64([len(tgt)])}))
            writer.write(ex.SerializeToString())
    return path


def input_pipeline(file_pattern, mode, batch_size=3, capacity=32):
    files = sorted(tf.io.gfile.glob(file_pattern))
    num_epochs = 1 if mode == 'eval' else None
    filename_queue = v1.train.string_input_producer(files, num_epochs=num_epochs, shuffle=False)
    options = v1.python_io.TFRecordOptions(v1.python_io.TFRecordCompressionType.ZLIB)
    reader = v1.TFRecordReader(options=options)
    _, serialized = reader.read(filename_queue)
    keys_to_features = {
        'source': v1.VarLenFeature(tf.int64),
        'target': v1.VarLenFeature(tf.int64),
        'source_length': v1.FixedLenFeature([1], tf.int64),
        'target_length': v1.FixedLenFeature([1], tf.int64),
    }
    parsed = v1.parse_single_example(serialized, keys_to_features)
    features = {
        'source': tf.concat([v1.sparse_tensor_to_dense(parsed['source']), [EOS]], 0),
        'target': tf.concat([v1.sparse_tensor_to_dense(parsed['target']), [EOS]], 0),
        'source_length': tf.squeeze(parsed['source_length'], 0) + 1,
        'target_length': tf.squeeze(parsed['target_length'], 0) + 1,
    }
    batch = v1.train.batch(features, batch_size, num_threads=1, capacity=capacity, dynamic_pad=True,
                           allow_smaller_final_batch=True)
    batch['source_mask'] = tf.sequence_mask(batch['source_length'], maxlen=tf.shape(batch['source'])[1],
                                            dtype=tf.float32)
    batch['target_mask'] = tf.sequence_mask(batch['target_length'], maxlen=tf.shape(batch['target'])[1],
                                            dtype=tf.float32)
    return batch


def main(data_dir):
    folder = os.path.join(data_dir, 'h24_translit_nmt_zlib_records_sequence_mask')
    write_corpus(folder)
    features = input_pipeline(os.path.join(folder, '*.zlib.tfrecord'), 'eval')
    batches = []
    with v1.Session() as sess:
        sess.run(v1.local_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(sess=sess, coord=coord)
        end = 'steps'
        try:
            while not coord.should_stop():
                values = sess.run(features)
                batches.append({k: v.tolist() for k, v in values.items()})
        except tf.errors.OutOfRangeError:
            end = 'OutOfRangeError'
        finally:
            coord.request_stop()
        coord.join(threads)
    return {'batches': batches, 'end': end}
