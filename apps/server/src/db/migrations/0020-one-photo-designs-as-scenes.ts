/**
 * One kind of design (ADR 25): a one-photo design of the first editor, kept until now as
 * `design_transform` with no scene, becomes the scene it stands for, the one `sceneFromTransform`
 * (`packages/contracts/src/scene.ts`) makes: version 1, the order's model, layout 'one', a white
 * background, one slot with the design's photo, its transform and no filter, and no layers. The
 * photo is the one the design was made with (`order_design_photos` slot 0, else the order's photo),
 * and it gets its slot-0 row if it had none. Orders whose photos are gone (the retention rules, an
 * erasure) keep no scene, as for any design.
 *
 * Safe to run again: only orders without a scene are touched, and the function and trigger are
 * replaced.
 *
 * While a rolling upgrade runs, an instance of the previous release may still store a one-photo
 * design the old way (transform, no scene): the trigger gives it its scene in the same statement.
 * `design_transform` is still written (for those instances) and no longer read; the next release
 * drops it, with the trigger and the function.
 */
export default /* sql */ `
CREATE OR REPLACE FUNCTION one_photo_scene(p_model integer, p_photo text, p_transform jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object(
    'version', 1,
    'model', p_model,
    'layout', 'one',
    'background', '#ffffff',
    'slots', jsonb_build_array(
      jsonb_build_object('photo', '/api/images/' || p_photo, 'transform', p_transform, 'filter', 'none')),
    'layers', '[]'::jsonb)
$$;

UPDATE orders o
SET design_scene = one_photo_scene(o.model_id, p.file_id, o.design_transform)
FROM (
  SELECT o2.id, COALESCE(
    (SELECT d.file_id FROM order_design_photos d WHERE d.order_id = o2.id AND d.slot = 0), o2.image_id) AS file_id
  FROM orders o2
  WHERE o2.design_transform IS NOT NULL AND o2.design_scene IS NULL AND o2.design_id IS NOT NULL
) p
WHERE p.id = o.id AND p.file_id IS NOT NULL;

-- Every design keeps the photos it was made with, one row per slot.
INSERT INTO order_design_photos (order_id, slot, file_id)
  SELECT o.id, 0, substr(o.design_scene #>> '{slots,0,photo}', length('/api/images/') + 1) FROM orders o
  WHERE o.design_scene #>> '{slots,0,photo}' IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM order_design_photos d WHERE d.order_id = o.id)
ON CONFLICT (order_id, slot) DO NOTHING;

CREATE OR REPLACE FUNCTION orders_one_photo_design_as_scene() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The previous release's one-photo design: the order's photo placed by the transform.
  IF NEW.design_transform IS NOT NULL AND NEW.design_scene IS NULL AND NEW.design_id IS NOT NULL
     AND NEW.image_id IS NOT NULL THEN
    NEW.design_scene := one_photo_scene(NEW.model_id, NEW.image_id, NEW.design_transform);
  END IF;
  RETURN NEW;
END;
$$;
DROP TRIGGER IF EXISTS orders_one_photo_design_as_scene ON orders;
CREATE TRIGGER orders_one_photo_design_as_scene BEFORE INSERT OR UPDATE OF design_transform ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_one_photo_design_as_scene();
`;
