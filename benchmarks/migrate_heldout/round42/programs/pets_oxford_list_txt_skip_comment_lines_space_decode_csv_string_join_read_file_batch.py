import os
import struct
import zlib

import numpy as np
import tensorflow.compat.v1 as tf

BREEDS = [('Abyssinian', 1), ('american_bulldog', 2), ('Bengal', 1), ('beagle', 2), ('Birman', 1)]


def _png(arr):
    arr = np.asarray(arr, np.uint8)
    h, w = arr.shape[:2]
    raw = b''.join(b'\x00' + arr[y].tobytes() for y in range(h))

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0)) +
            chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


def _write_pets(root):
    image_dir = os.path.join(root, 'images')
    ann_dir = os.path.join(root, 'annotations')
    for d in (image_dir, ann_dir):
        if not os.path.isdir(d):
            os.makedirs(d)
    rng = np.random.RandomState(4216)
    lines = ['#Image CLASS-ID SPECIES BREED ID',
             '#ID: 1:37 Class ids',
             '#SPECIES: 1:Cat 2:Dog',
             '#BREED ID: 1-25:Cat 1:12:Dog',
             '#All images with 1st letter as captial are cat images',
             '#images with small first letter are dog images']
    cat_id = dog_id = 0
    for i in range(10):
        breed, species = BREEDS[i % len(BREEDS)]
        if species == 1:
            cat_id += 1
            breed_id = cat_id
        else:
            dog_id += 1
            breed_id = dog_id
        name = '%s_%d' % (breed, 100 + i)
        with open(os.path.join(image_dir, name + '.png'), 'wb') as f:
            f.write(_png(rng.randint(0, 256, size=(3 + i % 3, 4, 3))))
        lines.append('%s %d %d %d' % (name, i % len(BREEDS) + 1, species, breed_id))
    with open(os.path.join(ann_dir, 'list.txt'), 'w') as f:
        f.write('\n'.join(lines) + '\n')
    return image_dir, os.path.join(ann_dir, 'list.txt')


def read_pet_list(filename_queue, image_dir):
    reader = tf.TextLineReader(skip_header_lines=6)
    _, line = reader.read(filename_queue)
    name, class_id, species, breed_id = tf.decode_csv(line, record_defaults=[[''], [0], [0], [0]],
                                                      field_delim=' ')
    path = tf.string_join([image_dir, '/', name, '.png'])
    image = tf.image.decode_png(tf.read_file(path), channels=3)
    image = tf.image.resize_images(image, [3, 3], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)
    image = tf.cast(image, tf.float32) / 255.0
    is_dog = tf.equal(species, 2)
    return name, image, class_id - 1, is_dog


def main(data_dir):
    image_dir, list_file = _write_pets(os.path.join(data_dir, 'h42_pets_oxford_list'))

    filename_queue = tf.train.string_input_producer([list_file], num_epochs=1, shuffle=False)
    name, image, class_id, is_dog = read_pet_list(filename_queue, image_dir)
    names, images, class_ids, dogs = tf.train.batch([name, image, class_id, is_dog], batch_size=4,
                                                    allow_smaller_final_batch=True)

    batches = []
    with tf.Session() as sess:
        sess.run(tf.local_variables_initializer())
        coord = tf.train.Coordinator()
        threads = tf.train.start_queue_runners(sess=sess, coord=coord)
        try:
            while not coord.should_stop():
                n, im, c, d = sess.run([names, images, class_ids, dogs])
                batches.append([[x.decode() for x in n], np.round(im.astype(np.float64), 4).tolist(),
                                c.tolist(), [bool(x) for x in d]])
        except tf.errors.OutOfRangeError:
            pass
        finally:
            coord.request_stop()
        coord.join(threads)
    return {"batches": batches, "end": "pets: %d" % sum(len(b[0]) for b in batches)}
