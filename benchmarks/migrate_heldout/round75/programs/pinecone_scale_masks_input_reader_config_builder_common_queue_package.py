"""Pinecone scale masks (grey 3x3 images with per-pixel class masks) from a segmentation framework's
`builders/input_reader_builder.build(input_reader_config)`: an `InputReader` proto (stand-in) with `shuffle`,
`queue_capacity`, `num_readers`, `tf_record_input_reader` list; several readers enqueue into one common
`RandomShuffleQueue` under a hand-made `QueueRunner`; the trainer batches the tensor dict with `train.batch`."""
import os

import numpy as np
import tensorflow.compat.v1 as tf

from pinecone75.builders import input_reader_builder
from pinecone75.protos import input_reader_pb2

BATCH_SIZE = 3


def write_records(root):
    rng = np.random.RandomState(23)
    for shard in range(2):
        with tf.python_io.TFRecordWriter(os.path.join(root, 'cones-%d.tfrecord' % shard)) as writer:
            for i in range(6):
                image = rng.randint(0, 256, (3, 3)).astype(np.uint8)
                mask = (image > 127).astype(np.uint8)
                ex = tf.train.Example(features=tf.train.Features(feature={
                    'image/encoded': tf.train.Feature(bytes_list=tf.train.BytesList(value=[image.tobytes()])),
                    'image/segmentation/class/encoded': tf.train.Feature(
                        bytes_list=tf.train.BytesList(value=[mask.tobytes()])),
                    'image/filename': tf.train.Feature(bytes_list=tf.train.BytesList(
                        value=[('cone_%d_%d.png' % (shard, i)).encode()]))}))
                writer.write(ex.SerializeToString())


def main(data_dir):
    root = os.path.join(data_dir, 'h75_pinecone')
    os.makedirs(root, exist_ok=True)
    write_records(root)
    config = input_reader_pb2.InputReader(
        shuffle=True, queue_capacity=32, num_readers=2,
        tf_record_input_reader=[input_reader_pb2.TFRecordInputReader(
            input_path=os.path.join(root, 'cones-*.tfrecord'), num_examples=12, height=3, width=3)])
    tensor_dict = input_reader_builder.build(config, num_epochs=1)
    batch = tf.train.batch(tensor_dict, batch_size=BATCH_SIZE, capacity=4 * BATCH_SIZE)
    batches = []
    with tf.Session() as sess:
        sess.run([tf.global_variables_initializer(), tf.local_variables_initializer()])
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                out = sess.run(batch)
                batches.append([[f.decode() for f in out['filename']], np.round(out['image'][..., 0], 3).tolist(),
                                out['labels'].tolist()])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
            coord.join(threads)
    return {"batches": batches, "end": "scale masks: %d" % (BATCH_SIZE * len(batches))}
