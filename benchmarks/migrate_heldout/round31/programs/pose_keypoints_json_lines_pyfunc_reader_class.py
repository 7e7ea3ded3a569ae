"""Person keypoint annotations as JSON lines, parsed by a py_func inside a reader class."""
import json
import os

import numpy as np
import tensorflow.compat.v1 as tf

NUM_KEYPOINTS = 5


def write_annotations(path):
    rng = np.random.RandomState(17)
    with open(path, 'w') as f:
        for i in range(12):
            visible = rng.randint(0, 3, size=NUM_KEYPOINTS)
            keypoints = []
            for v in visible:
                keypoints += [int(rng.randint(0, 64)) if v else 0, int(rng.randint(0, 48)) if v else 0, int(v)]
            f.write(json.dumps({'image_id': 5000 + i, 'keypoints': keypoints,
                                'num_keypoints': int((visible > 0).sum())}) + '\n')


def _parse_annotation(line):
    ann = json.loads(line.decode('utf-8'))
    keypoints = np.array(ann['keypoints'], dtype=np.float32).reshape(NUM_KEYPOINTS, 3)
    return keypoints, np.int64(ann['image_id']), np.int32(ann['num_keypoints'])


class CocoPoseReader(object):
    def __init__(self, input_size=(48, 64)):
        self.input_size = input_size

    def read(self, filename_queue):
        reader = tf.TextLineReader()
        _, line = reader.read(filename_queue)
        keypoints, image_id, num_keypoints = tf.py_func(_parse_annotation, [line],
                                                        [tf.float32, tf.int64, tf.int32])
        keypoints.set_shape([NUM_KEYPOINTS, 3])
        image_id.set_shape([])
        num_keypoints.set_shape([])
        scale = tf.constant([1.0 / self.input_size[1], 1.0 / self.input_size[0], 1.0])
        return keypoints * scale, image_id, num_keypoints


def inputs(annotation_file, batch_size, num_epochs):
    filename_queue = tf.train.string_input_producer([annotation_file], num_epochs=num_epochs, shuffle=False)
    keypoints, image_id, num_keypoints = CocoPoseReader().read(filename_queue)
    return tf.train.batch([keypoints, image_id, num_keypoints], batch_size=batch_size, capacity=3 * batch_size)


def main(data_dir):
    folder = os.path.join(data_dir, 'h31_pose_json')
    os.makedirs(folder, exist_ok=True)
    annotation_file = os.path.join(folder, 'person_keypoints_train.jsonl')
    write_annotations(annotation_file)

    keypoints, image_ids, num_keypoints = inputs(annotation_file, batch_size=4, num_epochs=1)
    visible = tf.reduce_sum(tf.cast(keypoints[:, :, 2] > 0, tf.int32), axis=1)

    batches = []
    sess = tf.Session()
    sess.run(tf.local_variables_initializer())
    coord = tf.train.Coordinator()
    threads = tf.train.start_queue_runners(sess=sess, coord=coord)
    try:
        while not coord.should_stop():
            k, i, n, v = sess.run([keypoints, image_ids, num_keypoints, visible])
            batches.append({'image_id': i.tolist(), 'num_keypoints': n.tolist(), 'visible': v.tolist(),
                            'xy': np.round(k[:, :, :2].astype(np.float64), 4).tolist()})
    except tf.errors.OutOfRangeError:
        end = 'annotations done'
    finally:
        coord.request_stop()
    coord.join(threads)
    sess.close()
    return {'batches': batches, 'end': end}
