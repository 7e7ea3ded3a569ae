# Sauna cabin occupancy, after an unnamed "Input pipeline abstract class for TFRecord." module (Inception-derived:
# `tf.flags` for num_preprocess_threads / num_readers / input_queue_memory_factor at import, `InputPipeline(dataset,
# is_training, batch_size, data_format)` with `inputs(num_epochs, num_preprocess_threads, seed)` and
# `batch_inputs(...)`: seeded shuffled producer, a `RandomShuffleQueue` of serialized examples filled by one
# reader per `num_readers` through a hand-made `QueueRunner`, one parse + preprocess per thread, `batch_join` of
# dicts, an NCHW transpose of 'image'). A subclass supplies the abstract parse / preprocess methods; the flags are a
# small stand-in module.
import os

import numpy as np
import tensorflow.compat.v1 as tf

from sauna69_input.sauna_input import SaunaDataset, SaunaInputPipeline


def main(data_dir):
    out = os.path.join(data_dir, 'h69_sauna')
    os.makedirs(out, exist_ok=True)
    rng = np.random.RandomState(69)
    n = 0
    for shard in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(out, 'train-%05d-of-00002' % shard)) as w:
            for _ in range(6):
                thermal = rng.randint(0, 256, size=(3, 3, 2)).astype(np.uint8)
                w.write(tf.train.Example(features=tf.train.Features(feature={
                    'session/id': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'S%03d' % n])),
                    'session/thermal': tf.train.Feature(bytes_list=tf.train.BytesList(value=[thermal.tobytes()])),
                    'session/bathers': tf.train.Feature(int64_list=tf.train.Int64List(value=[rng.randint(0, 9)])),
                    'session/loyly': tf.train.Feature(float_list=tf.train.FloatList(value=[n * 0.25])),
                })).SerializeToString())
                n += 1

    pipeline = SaunaInputPipeline(SaunaDataset(out, 'train'), is_training=True, batch_size=4, data_format='NCHW')
    example_batch = pipeline.inputs(num_epochs=1, seed=69)

    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                ex = sess.run(example_batch)
                batches.append([[i.decode() for i in ex['id']], ex['bathers'].tolist(),
                                np.round(ex['loyly'], 2).tolist(),
                                np.round(ex['image'][:, 1, :, :].mean(axis=(1, 2)), 2).tolist()])
        except tf.errors.OutOfRangeError:
            print('epoch done')
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "sessions: %d" % sum(len(b[0]) for b in batches)}
