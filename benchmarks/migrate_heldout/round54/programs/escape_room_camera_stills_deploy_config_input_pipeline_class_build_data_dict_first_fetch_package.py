import os

import numpy as np

from escape54_lib.functions.project_fn.deploy_config import deploy
from escape54_lib.functions.project_fn.input_pipeline_dev import InputPipeline
import tensorflow as tf

model_name = "model_last_continue"


def _write_stills(path):
    rng = np.random.RandomState(5455)
    rooms = ["pharaoh", "submarine", "asylum", "heist"]
    with tf.compat.v1.python_io.TFRecordWriter(path) as w:
        for i in range(7):
            img = rng.randint(0, 256, size=(3, 3)).astype(np.uint8)
            gt = (img > 127).astype(np.uint8)
            ex = tf.train.Example(features=tf.train.Features(feature={
                "still/encoded": tf.train.Feature(bytes_list=tf.train.BytesList(value=[img.tobytes()])),
                "still/gt": tf.train.Feature(bytes_list=tf.train.BytesList(value=[gt.tobytes()])),
                "still/room": tf.train.Feature(bytes_list=tf.train.BytesList(
                    value=[("%s-%d" % (rooms[i % 4], i)).encode()])),
            }))
            w.write(ex.SerializeToString())


def _row(img, gt, room):
    return [np.round(img.reshape(len(room), -1).astype(np.float64), 5).tolist(),
            gt.reshape(len(room), -1).tolist(), [r.decode() for r in room]]


def main(data_dir):
    out = os.path.join(data_dir, "h54_escape_stills")
    if not os.path.exists(out):
        os.makedirs(out)
    config = deploy(model_name, "train", data_dir=out)
    _write_stills(config.record_path)

    # # I don"t know why but below two lines should be included
    input_pipe = InputPipeline(config)
    input_pipe.build()
    tf_img = input_pipe.data['input']
    tf_gt = input_pipe.data['gt']
    tf_room = input_pipe.data['room']

    batches = []
    with tf.compat.v1.Session() as sess:
        sess.run(tf.compat.v1.global_variables_initializer())
        sess.run(tf.compat.v1.local_variables_initializer())
        coord = tf.compat.v1.train.Coordinator()
        threads = tf.compat.v1.train.start_queue_runners(sess=sess, coord=coord)
        img, gt, room = sess.run([tf_img, tf_gt, tf_room])
        batches.append(_row(img, gt, room))
        # start train
        try:
            while True:
                img, gt, room = sess.run([tf_img, tf_gt, tf_room])
                batches.append(_row(img, gt, room))
        except tf.errors.OutOfRangeError:
            pass
        coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "stills: %d" % sum(len(b[2]) for b in batches)}
