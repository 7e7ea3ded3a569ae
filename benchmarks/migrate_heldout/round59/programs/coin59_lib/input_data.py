import tensorflow as tf
import numpy as np
import os


def get_file(file_dir):
    '''
    args:
        file_dir : file directory (coin photos named  heads.N.png / tails.N.png)
    return:
        list of images and labels
    '''
    heads = []
    label_heads = []
    tails = []
    label_tails = []
    for file in sorted(os.listdir(file_dir)):
        name = file.split('.')
        if name[0] == 'heads':
            heads.append(os.path.join(file_dir, file))
            label_heads.append(0)
        else:
            tails.append(os.path.join(file_dir, file))
            label_tails.append(1)
    # print('There are %d heads\n There are %d tails' % (len(heads), len(tails)))

    image_list = np.hstack((heads, tails))
    label_list = np.hstack((label_heads, label_tails))

    temp = np.array([image_list, label_list])
    temp = temp.transpose()
    np.random.shuffle(temp)

    image_list = list(temp[:, 0])
    label_list = list(temp[:, 1])
    label_list = [int(i) for i in label_list]

    return image_list, label_list


def get_batchsize(image, label, image_W, image_H, batch_size, capacity):
    '''
    args:
        image:list type
        label:list type
        image_W:image width
        image_H:image height
        batch_size:batch_size
        capacity:the maximum elements in queue
    return:
        image_batch: 4D tensor [batch_size , width , height , 3], dtype = tf.float32
        label_batch: 1D tensor [batch_size], dtype = tf.int32
    '''
    image = tf.cast(image, tf.string)
    label = tf.cast(label, tf.int32)

    # make an input queue
    input_queue = tf.compat.v1.train.slice_input_producer([image, label], num_epochs=1, seed=59)

    label = input_queue[1]
    image_contents = tf.io.read_file(input_queue[0])
    image = tf.image.decode_png(image_contents, channels=3)

    image = tf.compat.v1.image.resize_image_with_crop_or_pad(image, image_W, image_H)
    image = tf.cast(image, tf.float32)

    image_batch, label_batch = tf.compat.v1.train.batch([image, label],
                                                        batch_size=batch_size,
                                                        num_threads=2,
                                                        capacity=capacity)
    label_batch = tf.reshape(label_batch, [batch_size])
    image_batch = tf.cast(image_batch, tf.float32)
    return image_batch, label_batch
